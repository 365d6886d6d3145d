-- Fragment `entry-fields`: entry_fields(entryJson) reads a ledger entry's kind, time, currency and
-- plan in either stored form (wallet.ts parseEntry: the short names since issue 29, the long names
-- before), as {kind, at, currency, planId}.
local function entry_fields(entryJson)
  local e = cjson.decode(entryJson)
  if e.i == nil then return e end
  return {kind = e.k, at = e.t, currency = e.c, planId = e.p}
end
