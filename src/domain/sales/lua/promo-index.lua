-- PromoCodes.indexOldUses: indexes a chunk of the uses of a code stored before the indexes (see
-- `promo-use`), each as it is now (a use settled, moved or freed since the chunk was read is
-- indexed as it is, or skipped); the last chunk marks the code indexed.
-- KEYS: [1..6] promoKeyList of the code.
-- ARGV: [1] '1' when this is the last chunk, then from [2] the chunk's use keys.
-- Returns how many uses it indexed.
-- @include promo-use
local p = promo_keys(1)
if not redis.call('HGET', p.code, 'kind') then return 0 end
local n = 0
for i = 2, #ARGV do
  local customer, state, at = use_of(p, ARGV[i])
  if customer then
    index_use(p, ARGV[i], customer, state, tonumber(at) or 0)
    n = n + 1
  end
end
if ARGV[1] == '1' then redis.call('HSET', p.code, 'indexed', '1') end
return n
