-- Fragment: chain_member_open(id, orderPrefix, changePrefix) is true while a member of a
-- subscription's term chain holds its place: a renewal order in flight, or an admin's term
-- change queued or being applied (the key prefixes come in ARGV: the members are only known
-- while the script runs). Term change ids begin with 't', order ids with 'o'.
-- @include order-statuses
-- @include term-change-statuses
local function chain_member_open(id, orderPrefix, changePrefix)
  if string.sub(id, 1, 1) == 't' then
    return term_change_open(redis.call('HGET', changePrefix .. id, 'status'))
  end
  return in_flight(redis.call('HGET', orderPrefix .. id, 'status'))
end
