-- Fragment `referral-place` (referral-rewards.ts): "reward the first N payments" of an invited
-- customer, decided when an order is paid, in the step that pays it. `payments` of the invited
-- customer (referralKeys.of) counts their paid orders that hold one of the N places and stand;
-- `places` (rewardKeys.places) says per order: its place, `limit` (paid when the N places were
-- held) or `back` (refunded: its place was given back, to the next payment).
-- take_place(kOf, kPlaces, kOrder, id, limit): decides the place of paid order `id`, once: only
-- for an invited customer's order that is neither a trial nor free (limit 0: every payment has a
-- place; below 0: referrals are off, nothing is decided and the reward step decides it later).
-- give_place(kOf, kPlaces, id): the place of a refunded order is given back, once.
local function take_place(kOf, kPlaces, kOrder, id, limit)
  if limit < 0 or redis.call('HEXISTS', kOf, 'inviter') == 0 then return end
  if redis.call('HEXISTS', kPlaces, id) == 1 then return end
  if redis.call('HGET', kOrder, 'kind') == 'trial' then return end
  if tonumber(redis.call('HGET', kOrder, 'price') or '0') <= 0 then return end
  local held = tonumber(redis.call('HGET', kOf, 'payments') or '0')
  if limit > 0 and held >= limit then
    redis.call('HSET', kPlaces, id, 'limit')
    return
  end
  redis.call('HSET', kOf, 'payments', held + 1)
  redis.call('HSET', kPlaces, id, held + 1)
end

local function give_place(kOf, kPlaces, id)
  local place = redis.call('HGET', kPlaces, id)
  if not place or not tonumber(place) then return end
  redis.call('HSET', kPlaces, id, 'back')
  if tonumber(redis.call('HINCRBY', kOf, 'payments', -1)) < 0 then redis.call('HSET', kOf, 'payments', 0) end
end
