## Commands (shown in Telegram's command menu)

command-start = Main menu
command-buy = Buy a VPN plan
command-my = My subscriptions
command-wallet = Wallet and top-up
command-trial = Free trial
command-language = Change language
command-help = Help
command-status = Service status
command-admin = Admin menu
command-login = Link the hosting account
command-servers = Hosting servers
command-cancel = Cancel the current step

## Start and help

start-greeting =
    Hi, { $name }! 👋
    Here you can buy fast VPN access, pay for it right in Telegram and get your connection link in seconds.

    Choose what you need:
start-greeting-admin = You are an admin of this shop: /admin opens the admin menu.
menu-buy = 🛒 Buy VPN
menu-my = 🔑 My subscriptions
menu-wallet = 💰 Wallet
menu-trial = 🎁 Free trial
menu-language = 🌐 Language
menu-help = ❓ Help
menu-invite = 🤝 Invite friends
menu-back = « Back
menu-close = ✖ Close
menu-refresh = 🔄 Refresh
menu-main = « Main menu

help-text =
    <b>How it works</b>
    1. /buy: pick a plan and pay with Telegram.
    2. You receive a connection link, a subscription URL and a QR code.
    3. Import it into a VPN app (instructions come with the link).

    <b>Commands</b>
    /start: main menu
    /buy: buy a plan
    /my: your subscriptions, usage and renewal
    /wallet: balance, top-up and history
    /trial: free trial
    /promo: enter a promo code for your next purchase
    /language: change language
    /cancel: cancel the current step
help-admin =
    <b>Admin</b>
    /admin: admin menu
    /login: link the hosting account
    /servers: hosting servers
help-support = Support: { $contact }

## Language

language-choose = Choose your language:
language-changed = Language set to English.

## Errors

error-generic = Sorry, something went wrong on our side. Please try again in a moment.
error-unknown-command = I don't know this command. /help lists what I can do.
rate-limited = You are going a bit fast. Please wait a few seconds, then try again.
error-blocked = Your access to this shop is blocked. Contact support if you think this is a mistake.
error-blocked-support = Your access to this shop is blocked. Contact support ({ $contact }) if you think this is a mistake.
error-not-admin = This action is for the shop's admins only.
error-menu-outdated = This menu is outdated, here is a fresh one.
cancelled = Cancelled.
nothing-to-cancel = There is nothing to cancel.
free-text-hint = I answer to buttons and commands: here is the menu. /help tells more.

## Conversations

conv-cancel = ✖ Cancel
conv-send-text = Please send the answer as a text message, or tap Cancel.
secret-late-deleted = I deleted your message: it came after the question had ended and may hold a password or a key. Start again if you need to (e.g. /login).

## Hosting errors

hosting-error-unauthorized = 🔑 The hosting API key was revoked or is invalid. Link the hosting account again.
hosting-error-lte = This action needs LTE access bought for the server. Buy it in the web cabinet, then try again.
hosting-error-forbidden = The hosting account does not meet the requirements: link an e-mail and a nickname in the web cabinet, then try again.
hosting-error-not-found = Not found: it may have been deleted, or it belongs to another account.
hosting-error-conflict = Conflict: { $detail }
hosting-error-unavailable = ⏳ The hosting service is temporarily unavailable. Please try again in a minute.
hosting-error-bad-request = The hosting service refused the request: { $detail }
hosting-error-status = The hosting service answered with an error ({ $status }): { $detail }
hosting-error-unreachable = ⏳ The hosting service did not answer. Please try again in a minute.
hosting-error-unexpected = The hosting service sent an answer we did not understand. Please try again later.
hosting-error-input = Cannot send this: { $problem }

## Admin

admin-title = 🛠 <b>Admin menu</b>
admin-account = 🏦 Hosting account
admin-servers = 🖥 Servers
admin-home = « Admin menu
admin-refused = This action is for the shop's admins only.
admin-private-only = Admin features work in a private chat with the bot only.

## Hosting account

account-not-linked =
    🏦 <b>Hosting account</b>
    The hosting account is not linked yet. Link it with the login and password of the web cabinet, or paste an API key made in the cabinet.
account-env-key = The API key comes from the ACCOUNT_API_KEY setting ({ $prefix }); unset it to link an account in chat.
account-card =
    🏦 <b>Hosting account</b>
    User: { $username }
    Telegram id: <code>{ ID($tgid) }</code>
    Balance: <b>{ $balance }</b> { $currency }
    Servers: { $servers }
    API key: <code>{ $prefix }</code> ({ $source })
account-source-env = from the settings
account-source-linked = linked in chat
account-link = 🔗 Link with login and password
account-paste-key = 🔑 Paste an API key
account-unlink = Unlink
account-relink = 🔗 Link again
account-unlink-confirm = Unlink the hosting account? The bot will stop managing servers until an account is linked again.
account-unlink-yes = Yes, unlink
account-unlinked = The hosting account is unlinked.
account-ask-login = Send the <b>login or e-mail</b> of your hosting account (web cabinet).
account-ask-password = Now send the <b>password</b>. The message is deleted as soon as I read it, and the password is never stored.
account-ask-code = This account has two-factor authentication. Send the <b>6-digit code</b> from your authenticator app.
account-code-format = The code is 6 digits, e.g. 123456.
account-code-wrong = That code was not accepted. Send the current 6-digit code again.
account-wrong-credentials = The login or password is wrong. Let's start again.
account-too-many-tries = Too many failed attempts. Try /login again later.
account-needs-cabinet-key = This account uses e-mail or messenger two-factor authentication, which the API cannot use. Create an API key in the web cabinet and paste it here.
account-key-limit = The account already has 20 active API keys. Revoke one in the web cabinet, then try again.
account-linked = ✅ The hosting account is linked. API key: <code>{ $prefix }</code>
account-ask-key = Paste the <b>API key</b> made in the web cabinet. The message is deleted as soon as I read it.
account-key-format = This does not look like an API key (it starts with a prefix and an underscore).
account-key-invalid = This key was not accepted by the hosting API (invalid or revoked). Check it and try again.

## Servers

servers-title = 🖥 <b>Servers</b> ({ $count })
servers-page = Page { $page } of { $pages }
servers-empty = The hosting account has no servers yet.
servers-item = { $emoji } <b>{ $name }</b>: { $status } · { $kind } · { $days }
servers-days-left = { $days ->
    [one] { $days } day left
   *[other] { $days } days left
}
servers-status-active = active
servers-status-expired = expired
servers-status-suspended = suspended
servers-kind-xui = xui
servers-kind-remnanode = remnanode
servers-kind-other = other
servers-prev = ‹ Previous
servers-next = Next ›
servers-back-list = « Servers
servers-back-card = « Back to server
servers-card =
    🖥 <b>{ $name }</b> (#{ ID($id) })
    Status: { $emoji } { $status }
    Type: { $kind }
    Tariff: { $tariff }
    Expires: { $expires } ({ $days })
    CPU: { $cpu } { $cores ->
        [one] core
       *[other] cores
    } · Memory: { $memory } MB · Disk: { $disk } GB
    Flags: { $flags }
servers-flag-bypass = bypass
servers-flag-xui = xui
servers-flag-remnanode = remnanode
servers-live =
    <b>Live</b>
    State: { $state }
    CPU load: { $cpu }% · RAM load: { $ram }%
    Uptime: { $uptime }
servers-stats-unavailable = <b>Live</b>: stats unavailable ({ $reason })
servers-state-running = 🟢 running
servers-state-offline = 🔴 offline
servers-state-unknown = unknown
servers-start = ▶️ Start
servers-stop = ⏹ Stop
servers-restart = 🔁 Restart
servers-extend = 📅 Extend 30 days
servers-core = ⚙️ Core version
servers-config = 📄 Config
servers-regen = ♻️ Regenerate
servers-users = 👥 Users
servers-inbounds = 📥 Inbounds
servers-no = ✖ No
servers-already-done = This was already done.
servers-confirm-expired = This confirmation has expired. Open the action again from the server card.
servers-power-confirm-start = ▶️ Start server «{ $name }»?
servers-power-confirm-stop = ⏹ Stop server «{ $name }»? Its users lose the connection until it is started again.
servers-power-confirm-restart = 🔁 Restart server «{ $name }»? Its users are disconnected for a moment.
servers-power-done-start = ✅ Start done.
servers-power-done-stop = ✅ Stop done.
servers-power-done-restart = ✅ Restart done.
servers-power-state = State now: { $state }.
servers-extend-confirm =
    📅 <b>Extend server «{ $name }» by 30 days?</b>
    Current expiry: { $expires } ({ $days })
    { $price }
    Account balance: { $balance }
    The extension is paid from the account balance.
servers-extend-price-learned = Price: { $price } (what the last extension cost)
servers-extend-price-hint = Price: about { $price } (set in Settings)
servers-extend-price-unknown = Price: unknown until the first extension
servers-extend-yes = ✅ Yes, extend
servers-extend-done =
    ✅ Server «{ $name }» is extended by 30 days.
    New expiry: { $expires } ({ $days })
    Account balance: { $balance }
servers-extend-no-balance = ❌ Not enough balance to extend; nothing was charged. Top up the balance in the web cabinet, then try again.
servers-extend-unknown = ⚠️ The hosting service did not answer properly, so the outcome is unknown: the server may or may not have been extended. Check the expiry date on the server card before trying again.
servers-balance-unknown = unknown
servers-extend-checked = ℹ️ The hosting service did not answer clearly, so I checked the server: the extension went through (charged once).
servers-extend-already = ✅ Server «{ $name }» was already extended for this expiry: now { $expires } ({ $days }). Nothing was charged by this tap.
servers-extend-changed = ℹ️ The expiry of server «{ $name }» changed since this confirmation: now { $expires } ({ $days }). Nothing was charged; open the extension again if you still want it.
servers-extend-busy = ⏳ This server is being extended right now (another tap or the automatic extension). Nothing was charged by this tap; the server card shows the result in a minute.
servers-extend-blocked = ⏳ An earlier extension of this server got no clear answer and may still go through, so a new one is blocked until { $time }. Nothing was charged by this tap.
servers-extend-not-charged = ⚠️ The hosting service did not answer clearly ({ $reason }), so I checked the server: it was not extended and nothing was charged. You can try again.
servers-extend-retry = 🔁 Try again
servers-extend-retry-blocked = The request may still go through, so a new extension of this server is blocked until { $time }; it will first read the server's expiry.
servers-extend-retry-checks = A new extension of this server first reads its expiry, so it cannot be charged twice.
servers-config-xui =
    📄 <b>Panel of server #{ ID($id) }</b>
    Panel: { $url }
    User: <code>{ $username }</code>
    Password: <tg-spoiler>{ $password }</tg-spoiler>
    Web path: <code>{ $webPath }</code>
    Node address: <code>{ $node }</code>
servers-config-caption = 📄 Config profile of server #{ ID($id) }. Load it into your own management panel.
servers-regen-warning-xui =
    ⚠️ <b>Regenerate the config of «{ $name }»?</b>
    A new inbound is created, and all users (clients) of the current inbound <b>stop working</b>: they need new links. This cannot be undone.
servers-regen-warning-remnanode =
    ⚠️ <b>Regenerate the config of «{ $name }»?</b>
    New reality keys and a new profile are made, and the <b>old keys stop being valid</b>: connections built on the current profile break until your panel loads the new one. This cannot be undone.
servers-regen-warning-other =
    ⚠️ <b>Regenerate the config of «{ $name }»?</b>
    The current config <b>stops working</b>. This cannot be undone.
servers-regen-yes = ⚠️ Yes, regenerate
servers-regen-done-xui = ✅ Config regenerated: new inbound created (id { $inbound }). Users of the old inbound no longer work; create them again.
servers-regen-done-xui-noid = ✅ Config regenerated: a new inbound was created. Users of the old inbound no longer work; create them again.
servers-regen-done-remnanode = ✅ Config regenerated with new reality keys. The new profile follows as a JSON document.
servers-regen-caption = 📄 New config profile of server #{ ID($id) }. Load it into your panel; the old keys are no longer valid.
servers-core-title =
    ⚙️ <b>Proxy-core version of «{ $name }»</b>
    Installed now: { $current }
    Pick the version to install. The server must be running.
servers-core-default = { $version } (default)
servers-core-current-unknown = unknown (not installed from this bot yet)
servers-core-confirm =
    ⚙️ <b>Install proxy-core version { $version } on «{ $name }»?</b>
    Installed now: { $current }
    Change: { $from } → { $version }
    The server must be running.
servers-core-yes = ✅ Yes, install { $version }
servers-core-done = ✅ The proxy core of server #{ ID($id) } is now version { $version }.
servers-core-not-running = The server is not running; start it and wait about 30 seconds, then try again.
servers-core-no-pin = This server has no core-pin block; the version cannot be changed.
servers-core-files = The server's files could not be read or written; try again later or contact hosting support.

## xui users

xui-list-title = 👥 <b>xui users of server #{ ID($id) }</b>
xui-list-summary = Inbound { $inbound } · { $count ->
    [one] { $count } user
   *[other] { $count } users
} · page { $page } of { $pages }
xui-list-empty = No users yet. Tap “Create user” to add the first one.
xui-list-line = { $mark }<b>{ $name }</b> — { $usage } · { $expiry }
xui-used-of = { $used } / { $limit }
xui-unlimited = unlimited
xui-no-expiry = no expiry
xui-until = until { $date }
xui-page-prev = ‹ Previous
xui-page-next = Next ›
xui-create = ➕ Create user
xui-inbounds = 📡 Inbounds
xui-users = 👥 Users
xui-back-server = « Back to server
xui-back-list = « Back to users
xui-only-xui = Users can be managed here only on servers of the xui type. A remnanode server gets its users from your own management panel.
xui-status-active = ✅ active
xui-status-disabled = 🚫 disabled (banned)
xui-status-expired = ⌛ expired
xui-status-depleted = 📉 traffic limit used up
xui-card-title = 👤 <b>{ $name }</b> · server #{ ID($id) }
xui-card-status = Status: { $status }
xui-card-limit = Traffic limit: { $limit }
xui-card-used = Used: { $used } (↑ { $up } · ↓ { $down })
xui-card-expiry = Expires: { $date }
xui-card-expiry-left = Expires: { $date } ({ $days ->
    [one] { $days } day left
   *[other] { $days } days left
})
xui-card-no-expiry = Expires: never (no expiry)
xui-card-uuid = UUID: <code>{ $uuid }</code>
xui-btn-limit = 📦 Change limit
xui-btn-term = 📅 Set term
xui-btn-ban = 🚫 Ban
xui-btn-unban = ✅ Unban
xui-btn-delete = 🗑 Delete
xui-banned = 🚫 <b>{ $name }</b> is banned: the user is kept but cannot connect until unbanned.
xui-unbanned = ✅ <b>{ $name }</b> is unbanned and can connect again.
xui-delete-confirm =
    🗑 <b>Delete user { $name }?</b>
    Its VLESS link and subscription stop working at once. This cannot be undone.
xui-delete-yes = 🗑 Yes, delete
xui-deleted = 🗑 User <b>{ $name }</b> is deleted.
owners-warning = ⚠️ { $count ->
        [one] { $count } customer is on it:
       *[other] { $count } customers are on it:
    }
owners-line = • { $who } · { $plan }, until { $until }
owners-delete-note = Their shop subscriptions will be marked as removed: /my shows it and the reminders stop.
owners-rename-note = Their shop subscriptions will follow the new name.
owners-regen-note = Their links stop working; they need new access, which is not issued again by itself yet.
owners-removed = 🔗 Marked as removed in the shop: { $who }.
owners-renamed = 🔗 The shop follows the new name for: { $who }.
owners-not-followed = ⚠️ The shop's records of its customers on this client could not be updated; check their subscriptions.
owners-term = 🔗 The shop's expiry and reminders follow the new term for: { $who }.
owners-regen-done = ⚠️ { $count ->
        [one] { $count } shop subscription was on this server; their links stopped working:
       *[other] { $count } shop subscriptions were on this server; their links stopped working:
    }
xui-delete-already = This deletion is already done (the button was pressed more than once).
xui-delete-expired = This confirmation has expired. Open the user again to delete it.
xui-ask-name =
    ➕ <b>New user on server #{ ID($id) }</b>
    Send a <b>name</b>: 1 to 32 characters, Latin letters, digits and _ . @ - (no spaces).
    Send <code>-</code> to let the hosting service generate a name.
xui-name-invalid = The name must be 1 to 32 characters of Latin letters, digits and _ . @ - (no spaces), or <code>-</code> for a generated name.
xui-ask-gb = Traffic limit in <b>GB</b>, e.g. 50 or 2.5. Send <code>0</code> for unlimited.
xui-gb-invalid = Send a number of GB, 0 or more (0 = unlimited), e.g. 50 or 2.5.
xui-ask-days = Term in <b>days counted from today</b>, e.g. 30. Send <code>0</code> for no expiry.
xui-days-invalid = Send a whole number of days, 0 or more (0 = no expiry), e.g. 30.
xui-created = ✅ User <b>{ $name }</b> is created on server #{ ID($id) }.
xui-created-renamed = ⚠️ The name <b>{ $wanted }</b> was already taken, so the hosting service named the user <b>{ $name }</b>. Use this name from now on.
xui-created-generated = The hosting service generated the name <b>{ $name }</b>.
xui-created-terms = Limit: { $limit } · Term: { $term }
xui-term-days = { $days ->
    [one] { $days } day
   *[other] { $days } days
} from today
xui-created-link = 🔗 <b>VLESS link</b> (tap to copy):
xui-created-subs = 📥 <b>Subscription links</b>:
xui-created-no-subs = (the hosting service returned no subscription links)
xui-qr-caption = QR code of the VLESS link of { $name }
xui-open-card = 👤 Open user
xui-ask-limit = 📦 Send the new traffic limit of <b>{ $name }</b> in <b>GB</b>, e.g. 50 or 2.5 (0 = unlimited). Traffic already used is not reset.
xui-limit-set = ✅ The traffic limit of <b>{ $name }</b> is now { $limit }.
xui-ask-term = 📅 Set a new term for <b>{ $name }</b>: send N, the number of days from today (0 = no expiry). This replaces the current expiry, it does not add to it.
xui-term-set = ✅ New term of <b>{ $name }</b>: { $days ->
    [one] { $days } day
   *[other] { $days } days
} from today, until { $date }.
xui-term-set-days = ✅ New term of <b>{ $name }</b>: { $days ->
    [one] { $days } day
   *[other] { $days } days
} from today.
xui-term-set-none = ✅ <b>{ $name }</b> now has no expiry.
xui-inbounds-title = 📡 <b>Inbounds of server #{ ID($id) }</b>
xui-inbounds-empty = The panel has no inbounds.
xui-inbound-line =
    <b>#{ ID($id) }</b> { $remark }
    { $protocol } · { $network } · port { $port } · path { $path } · { $clients }
xui-inbound-clients = { $count ->
    [one] { $count } user
   *[other] { $count } users
}
xui-inbound-clients-unknown = users: ?

## Access delivery

access-term = Valid until { $until } · Traffic: { $traffic } · Devices: { $devices }
access-no-expiry = no expiry
access-unlimited = unlimited
access-links = 🔗 <b>{ $count ->
    [one] Connection link
   *[other] Connection links
  }</b> (tap to copy):
access-subscription = 📥 <b>Subscription URL</b> (add it to your app; it keeps your servers up to date):
access-howto =
    <b>How to connect</b>
    • <b>Android</b>: Hiddify or v2rayNG → ➕ → Import from clipboard
    • <b>iOS</b>: Streisand or V2Box → ➕ → Add from clipboard
    • <b>Windows</b>: Hiddify or v2rayN → Add profile from clipboard
    • <b>macOS</b>: Hiddify or V2Box → Import from clipboard
    • <b>Linux</b>: Hiddify or Nekoray → Import from clipboard
    Or scan the QR code with the app.
access-qr-caption = QR code for your VPN app
delivery-ready = ✅ <b>Your VPN is ready: { $plan }</b>
delivery-trial = 🎁 <b>Your free trial is ready: { $days ->
    [one] { $days } day
   *[other] { $days } days
}, { $traffic }</b>
delivery-trial-unlimited = unlimited traffic
delivery-renewed = 🔄 <b>Renewed: { $plan }</b>
delivery-open-my = 🔑 My subscriptions
drift-access-recreated = 🔧 <b>Your VPN access was set up again: { $plan }</b>
    Your previous access stopped working on the hosting side, so we made it again with the same term. Replace the old link or subscription in your app with the new one below.
drift-access-moved = 🔀 <b>Your VPN moved to another server: { $plan }</b>
    Your previous server is no longer available, so we moved your access with the same term and the traffic you had left. Replace the old link in your app with the new one below.
delivery-failed = 😔 We could not set up your VPN access. { $amount } went back to your wallet; you can use it for another purchase or try again later. The admins have been told.
delivery-failed-trial = 😔 We could not set up your free trial. You can try /trial again later; the admins have been told.
delivery-delayed = ⏳ This is taking longer than usual: the hosting side is not answering yet. Your payment is safe: your VPN access will arrive here by itself as soon as it is ready, or the money goes back to your wallet.
delivery-delayed-renewal = ⏳ Your renewal is taking longer than usual: the hosting side is not answering yet. Your payment is safe: the new term will be applied by itself and you will get a message here, or the money goes back to your wallet.
delivery-delayed-trial = ⏳ Your free trial is taking longer than usual: the hosting side is not answering yet. It will arrive here by itself as soon as it is ready.
alert-order-failed = ⚠️ Order { $order } failed: { $what }. Customer { ID($customer) }, plan { $plan }; { $amount } refunded to the wallet. Details are in the log.
alert-renewal-failed = ⚠️ Renewal { $order } of subscription { $subscription } failed: { $what }. Customer { ID($customer) }, plan { $plan }; { $amount } refunded to the wallet, the subscription keeps its term. Details are in the log.
alert-order-orphan = 🧹 Its client { $name } ({ $place }) could not be removed: remove it by hand.
renewal-failed = 😔 We could not renew «{ $plan }». { $amount } went back to your wallet. Your subscription keeps its current term, until { $date }; you can try to renew again later. The admins have been told.
renewal-failed-no-date = 😔 We could not renew «{ $plan }». { $amount } went back to your wallet. Your subscription keeps its current term; you can try to renew again later. The admins have been told.
failure-api = { $api ->
    [account] the hosting account API
    [panel] the panel
   *[node] the node
}
failure-op = { $op ->
    [create] create the client
    [change] change the client
    [delete] delete the client
   *[read] read the client
}
failure-refused = { failure-api } refused to { failure-op } ({ $status } { $detail })
failure-unauthorized = { failure-api } did not accept our key or token ({ $status })
failure-lte = LTE access is not bought for the server ({ $status })
failure-forbidden = the hosting account needs an e-mail and a nickname ({ $status })
failure-internal = { failure-api } had an internal error ({ $status })
failure-unavailable = { failure-api } was temporarily unavailable ({ $status })
failure-timeout = { failure-api } did not answer in time
failure-unreachable = { failure-api } could not be reached
failure-unreadable = { failure-api } gave an answer we could not read
failure-input = the request was refused before sending: { $detail }
failure-provisioning = it could not be set up: { $detail }
failure-unknown = an unexpected error
failure-place-xui = xui server #{ ID($id) }
failure-place-panel = panel locations { $locations }
failure-place-node = the node

## Payments

invoice-order-title = VPN plan
invoice-renewal-title = VPN renewal
invoice-order-description = { $plan }. Price { $amount }.
invoice-order-description-rest = { $plan }: { $due } to pay now; your wallet balance covers the other { $covered } of the { $price } price.
invoice-topup-title = Wallet top-up
invoice-topup-description = Adds { $amount } to your wallet in the VPN shop.
invoice-try-again = The shop is busy right now. Please try again in a moment.
invoice-already-sent = The invoice was sent a moment ago: it is in the chat above, pay it there. A new one can be had in a few minutes.
invoice-refused-invoice-invalid = This invoice does not match your order any more. Please start the purchase again.
invoice-refused-invoice-expired = This invoice has expired. Please start the purchase again.
invoice-refused-blocked = Your access to this shop is blocked.
payment-order-paid = ✅ Payment received. Preparing your VPN access, this takes a few seconds…
payment-order-short = Your payment is in your wallet (balance { $balance }), but it no longer covers this order. Open the wallet to top up or buy again.
payment-order-expired = ✅ Payment of { $amount } received. The order had expired, so the money is in your wallet (balance { $balance }); you can buy with it at any time.
payment-order-already-paid = ✅ Payment of { $amount } received. This order was paid already, so this payment is in your wallet (balance { $balance }); you can buy with it at any time.
payment-order-promo-refused = ✅ Payment of { $amount } received, but { $reason ->
    [not-new] promo code <b>{ $code }</b> is for new customers only, and another order of yours was paid first.
   *[other] promo code <b>{ $code }</b> on this order can no longer be used.
} This order was cancelled and the money is in your wallet (balance { $balance }): buy the plan again at its full price whenever you like.
payment-topup-done = ✅ { $amount } added to your wallet. Balance: { $balance }.
payment-stored-later = ✅ Payment received and safe with us. Crediting it takes a little longer than usual; you will get a message here when it is done.

## Reconciliation

reconcile-order = ✅ We found your payment of { $amount } that had not reached us. Your order is being prepared now.
reconcile-credited = ✅ We found your payment of { $amount } that had not reached us. It is in your wallet now (balance { $balance }).

## Admin: customers and failed orders

admin-customers = 👥 Customers
admin-failed-orders = ⚠️ Failed orders
customers-title = 👥 <b>Customers</b>: { $count }
customers-hint = Find a customer by Telegram id or @username to see their wallet, ledger, subscriptions and orders.
customers-find = 🔍 Find a customer
customers-recent = Newest customers:
customers-back = « Customers
customers-back-card = « Customer
customers-back-subs = « Subscriptions
customers-cancel = ✖ Cancel
customers-gone = No customer with id <code>{ ID($id) }</code>.
customers-ask-query = Send the customer's <b>Telegram id</b> (e.g. 123456789) or <b>@username</b>.
customers-query-invalid = Send a numeric Telegram id or a @username (letters, digits and _).
customers-not-found = No customer matches <b>{ $query }</b> (they may not have started the bot yet). Send another id or @username, or tap Cancel.
customers-card-title = 👤 <b>{ $name }</b> · { $username }
customers-card-id = ID: <code>{ ID($id) }</code>
customers-card-language = Language: { $language }
customers-lang-en = English
customers-lang-ru = Russian
customers-lang-uk = Ukrainian
customers-lang-fa = Persian
customers-card-joined = Joined: { $date }
customers-card-blocked = Status: ⛔ blocked
customers-card-not-blocked = Status: ✅ not blocked
customers-card-bot-blocked = ⚠️ The customer has blocked the bot.
customers-card-trial-used = Trial: used on { $date }
customers-card-trial-unused = Trial: not used
customers-card-balance = Wallet: <b>{ $balance }</b>
customers-card-subs = Subscriptions: { $count } ({ $active } active)
customers-btn-ledger = 📒 Ledger
customers-btn-subs = 🔑 Subscriptions
customers-btn-orders = 🧾 Orders
customers-btn-credit = ➕ Credit
customers-btn-debit = ➖ Debit
customers-btn-block = ⛔ Block
customers-btn-unblock = ✅ Unblock
customers-blocked = ⛔ The customer is blocked: they can no longer buy, renew or pay.
customers-unblocked = ✅ The customer is unblocked.
customers-told = 📨 The customer was told.
customers-not-told = 📭 The customer could not be told (they blocked the bot or cannot be reached).
customers-ask-block-reason = ⛔ Why is <b>{ $name }</b> blocked? Send the <b>reason</b> (up to 200 characters); the customer is told it.
customers-confirm-block =
    Block { $name } (<code>{ ID($id) }</code>)?
    Reason: <i>{ $reason }</i>
    They can no longer buy, renew or pay, and get a message with the reason.
customers-block-yes = ⛔ Yes, block
notice-credited = 💰 The shop's admins credited { $amount } to your wallet. Reason: <i>{ $reason }</i>. Balance: { $balance }.
notice-debited = 💸 The shop's admins debited { $amount } from your wallet. Reason: <i>{ $reason }</i>. Balance: { $balance }.
notice-blocked = ⛔ Your access to this shop has been blocked by its admins. Reason: <i>{ $reason }</i>
notice-unblocked = ✅ Your access to this shop is restored: you can buy and renew again.
customers-page-prev = ‹ Previous
customers-page-next = Next ›
customers-ledger-title = 📒 <b>Ledger of { $name }</b> · { $count } { $count ->
        [one] entry
       *[other] entries
    } · page { $page } of { $pages }
customers-ledger-empty = No wallet movements yet.
customers-ledger-line = { $date } · { $kind } · <b>{ $amount }</b> → { $balance }
customers-ledger-note = ↳ <i>{ $note }</i>
customers-kind-topup = top-up
customers-kind-purchase = purchase
customers-kind-renewal = renewal
customers-kind-refund = refund
customers-kind-stars-refund = Stars refund
customers-kind-admin-credit = admin credit
customers-kind-admin-debit = admin debit
customers-kind-referral = referral reward
customers-kind-referral-back = referral reward taken back
customers-kind-promo = promo code
customers-subs-title = 🔑 <b>Subscriptions of { $name }</b>: { $count }
customers-subs-empty = No subscriptions.
customers-subs-line = • <b>{ $plan }</b>{ $trial } — until { $until } · { $status }
customers-sub-trial-mark = { " " }(trial)
customers-sub-status-active = ✅ active
customers-sub-status-expired = ⌛ expired
customers-sub-status-removed = 🗑 removed by an admin
customers-no-expiry = no expiry
customers-unlimited = unlimited
customers-sub-title = 🔑 <b>{ $plan }</b>{ $trial }
customers-sub-id = Subscription: <code>{ ID($id) }</code>
customers-sub-status = Status: { $status }
customers-sub-expiry = Expires: { $date }
customers-sub-terms = Traffic: { $traffic } · Devices: { $devices }
customers-sub-backend = Backend: { $kind } · client <code>{ $name }</code>
customers-sub-locations = 📍 { $locations }
customers-sub-links = Links: { $count }
customers-sub-url = Subscription URL: <code>{ $url }</code>
customers-sub-no-url = Subscription URL: none
customers-sub-frozen = ❄️ Frozen since { $since }, until { $until } · { $bank } days banked · then ends { $end }
customers-sub-freeze-asked = ❄️ A freeze of { $days } days is asked and waiting for its turn.
customers-sub-freeze-unfreezing = ▶️ Being unfrozen: the freeze worker finishes it within minutes.
customers-sub-freezes-used = Freezes in the last 365 days: { $used } of { $limit }
customers-unfreeze-button = ▶️ Lift the freeze
customers-unfreeze-done = ▶️ The freeze is lifted: the connection is on again and the subscription ends { $end }.
customers-unfreeze-retrying = ⏳ The hosting side did not answer: the freeze worker finishes the unfreeze within a few minutes.
customers-unfreeze-busy = ⏳ The freeze is being lifted right now (another tap, or the freeze worker): open the subscription again in a moment.
customers-unfreeze-not-frozen = This subscription is not frozen (any more): nothing was changed.
notice-unfrozen = ▶️ The shop ended the freeze of your subscription: the connection is on again and it ends { $end }.
customers-orders-title = 🧾 <b>Orders of { $name }</b> (latest first)
customers-orders-empty = No orders.
customers-order-line = <code>{ $order }</code> · { $kind } · { $plan } · { $price } · { $status } · { $date }
customers-order-error = ↳ Error: { $error }
customers-order-kind-purchase = purchase
customers-order-kind-renewal = renewal
customers-order-kind-trial = trial
customers-order-status-awaiting_payment = awaiting payment
customers-order-status-paid = paid
customers-order-status-provisioning = provisioning
customers-order-status-active = done
customers-order-status-failed = failed
customers-order-status-refunded = refunded
customers-order-status-cancelled = cancelled
customers-order-status-awaiting_claim = gift, waiting for its claim
customers-btn-charge-again = 🔁 Retry { $order } (charge again)
customers-retry-confirm =
    Charge <b>{ $price }</b> from the wallet of { $name } (balance { $balance }) for a new order of <b>{ $plan }</b>?
    The refunded order <code>{ $order }</code> stays as it is.
customers-retry-promo = 🎟 As refunded: promo code <b>{ $code }</b> (list price { $list }{ $days ->
    [0] {""}
    [one] , +{ $days } bonus day
   *[other] , +{ $days } bonus days
}); its use moves to the new order.
customers-retry-yes = ✅ Charge and retry
customers-retry-queued = ✅ New order <code>{ $order }</code> paid from the wallet ({ $price }) and queued.
customers-retry-insufficient = ⛔ The balance { $balance } does not cover { $price }. Nothing was charged.
customers-retry-blocked = ⛔ The customer is blocked: unblock them first.
customers-retry-plan-gone = The plan { $plan } is no longer in the catalog: nothing was charged.
customers-retry-sub-gone = The subscription this renewal was for is gone: nothing was charged.
customers-retry-failed = The new order could not be paid: nothing was charged.
customers-retry-promo-gone = The refunded order's promo code use was taken meanwhile (by the customer's own new order): nothing was charged. Open the orders again to see the price now.
customers-retry-already = Order <code>{ $order }</code> was already charged again as <code>{ $next }</code>.
customers-retry-busy = This order is being charged again right now.
customers-retry-not-refunded = Only a refunded order can be charged again (order <code>{ $order }</code> is { $status }).
customers-ask-credit = How much to <b>credit</b> to { $name }'s wallet, in { $currency }? Balance now: { $balance }.
customers-ask-debit = How much to <b>debit</b> from { $name }'s wallet, in { $currency }? Balance now: { $balance }.
customers-amount-invalid-whole = Send a whole positive number of { $currency }, e.g. 150.
customers-amount-invalid = Send a positive amount in { $currency }, e.g. 4.99.
customers-debit-over = The balance is only { $balance }: a debit cannot take it below zero. Send a smaller amount, or tap Cancel.
customers-debit-nothing = The wallet of { $name } is empty: there is nothing to debit.
customers-ask-reason = Now send the <b>reason</b> (up to 200 characters). It is kept in the ledger.
customers-reason-invalid = The reason must be 1 to { $max } characters.
customers-confirm-credit =
    Credit <b>{ $amount }</b> to { $name } (<code>{ ID($id) }</code>)?
    Reason: <i>{ $reason }</i>
    Balance: { $balance } → { $after }
customers-confirm-debit =
    Debit <b>{ $amount }</b> from { $name } (<code>{ ID($id) }</code>)?
    Reason: <i>{ $reason }</i>
    Balance: { $balance } → { $after }
customers-confirm-yes = ✅ Confirm
customers-confirm-used = This confirmation was already used.
customers-confirm-expired = This confirmation has expired. Start again from the customer's card.
customers-adjust-already = Already applied: { $amount }.
customers-adjust-currency-changed = The shop's currency changed since this was prepared. Nothing was changed; start again.
customers-credited = ✅ Credited { $amount }. Balance: { $balance }.
customers-debited = ✅ Debited { $amount }. Balance: { $balance }.
customers-debit-refused = ⛔ Refused: the balance { $balance } does not cover a debit of { $amount }. Nothing was changed.
failed-orders-title = ⚠️ <b>Failed orders</b> (refund not completed): { $count }
failed-orders-page = Page { $page } of { $pages }
failed-orders-empty = No failed orders. 🎉
failed-orders-item =
    <code>{ $order }</code> · { $date }
    Customer: { ID($customer) } (<code>{ ID($id) }</code>)
    { $kind }: { $plan } · { $price }
    Error: { $error }
failed-orders-retry = 🔁 Retry { $order }
failed-orders-customer = 👤 Customer
failed-orders-queued = ✅ Order <code>{ $order }</code> is queued again.
failed-orders-refunded = Order <code>{ $order }</code> was already refunded and cannot be retried; charge it again from the customer's orders instead.
failed-orders-not-failed = Order <code>{ $order }</code> is not failed any more (now { $status }).
failed-orders-gone = This order no longer exists.
admin-payments = 💳 Payments to check
admin-sync = 🔄 Sync

## Sync: the shop and the hosting side compared (issue 13)
sync-title = 🔄 Sync with the hosting side
sync-never = No reconciliation has run yet.
sync-last-run = Last run: { $date }, { $seconds } s
sync-found = Found: { $list }
sync-repaired = Repaired: { $list }
sync-skipped = Not answering (nothing concluded): { $list }
sync-gap-unreachable = Location { $location }: not answering; not reconciled this run.
sync-gap-reads_failed = Location { $location }: serves no client list, and reading the shop's clients there one by one failed ({ $read } of { $total } read); not reconciled this run.
sync-gap-read_limit = Location { $location }: serves no client list; { $read } of the shop's { $total ->
    [one] { $total } client
   *[other] { $total } clients
} there read one by one this run, the rest in the next runs.
sync-gap-no_list = Location { $location }: serves no client list; { $total ->
    [0] the shop has no clients there
    [one] the shop's { $total } client there read one by one
   *[other] the shop's { $total } clients there read one by one
} (clients made by hand are not seen there).
sync-waiting = { $count ->
    [one] { $count } finding waits for your decision:
   *[other] { $count } findings wait for your decision:
}
sync-nothing-waiting = Nothing waits for a decision.
sync-run-now = ▶️ Run now
sync-run-queued = The reconciliation is queued; refresh in a minute.
sync-refresh = 🔄 Refresh
sync-back = ⬅️ Back
sync-finding-gone = That finding is settled already.
sync-found-at = Found: { $date }
sync-recreate = ♻️ Recreate with the same term
sync-move = 🚚 Move to another server
sync-move-pick = Move to which server? The customer gets new links.
sync-move-to = { $name } (#{ $id }), { $clients } clients
sync-no-servers = No other active server of the plan is paid beyond this subscription's term.
sync-delete = 🗑 Delete
sync-delete-ask = Delete this client on the hosting side? No subscription uses it.
sync-delete-yes = 🗑 Yes, delete
sync-adopt = 🔗 Adopt for customer { $customer }
sync-done = ✅ Done.
sync-already = Already done.
sync-unavailable = ⚠️ The hosting service does not answer just now; nothing was changed. Try again later.
sync-refused = ⛔ Not done: { $reason } { $detail }
drift-kind-expiry_changed = expiry changed
drift-kind-traffic_changed = traffic limit changed
drift-kind-missing = client missing
drift-kind-location_drift = location out of step
drift-kind-orphan = orphan client
drift-kind-server_gone = server gone
drift-line-expiry_changed = { $subscription } (customer { $customer }): expiry changed on the hosting side from { $from } to { $to }; the record follows
drift-line-traffic_changed = { $subscription } (customer { $customer }): traffic limit changed on the hosting side; the record follows
drift-line-missing = { $subscription } (customer { $customer }): active, but its client is gone on the hosting side
drift-line-location_drift = { $subscription } (customer { $customer }): location { $location } was out of step; set back to the shop's term
drift-line-orphan = { $name } on { $place }: the shop's naming, but no subscription
drift-line-server_gone = { $subscription } (customer { $customer }): server { $server } { $reason }
drift-gone-expired = has expired
drift-gone-suspended = is suspended
drift-gone-regenerated = was regenerated (the old clients stopped working)
drift-gone-removed = is no longer in the account
drift-report-head = 🔄 { $count ->
    [one] The sync found { $count } new thing to look at:
   *[other] The sync found { $count } new things to look at:
}
drift-report-more = …and { $count } more in Sync.
drift-report-open = 🔄 Open Sync

admin-referrals = 🤝 Referrals
payments-inbox-title = 💳 <b>Payments to check</b>
payments-inbox-pending = <b>Not credited yet</b> (received over a minute ago; they are credited automatically within minutes, one that stays here needs a look): { $count }
payments-inbox-unmatched = <b>Matching no order of the payer</b> (the money is in the payer's wallet): { $count }
payments-inbox-none = none
payments-inbox-item =
    <code>{ $charge }</code> · { $date }
    { $amount } from <code>{ ID($payer) }</code> · invoice <code>{ $payload }</code>
payments-inbox-customer = 👤 Customer { ID($payer) }
payments-inbox-why = ↳ { $why ->
    [amount] another amount than asked: on the payer's balance, the order not paid
    [unknown] never asked for by the shop: on the payer's balance
    [currency] another currency: held, nothing credited
   *[other] matches no order
}

## Shop: buying, wallet, subscriptions, trial (customer side)

shop-private-only = The shop works in a private chat with me: open it and send /buy there.
shop-order-gone = This order is no longer available. Start again with /buy.
shop-order-expired = This order has expired. Start again with /buy to see the current price.
shop-plan-gone = This plan is no longer on sale. Please choose another one with /buy.
shop-unlimited = unlimited
shop-days = { $days ->
    [one] { $days } day
   *[other] { $days } days
}
shop-traffic = traffic { $traffic }
shop-devices = devices: { $devices }
shop-locations = 📍 { $names }
# A plan location without a name in the catalog: the main panel, or a connected one by its id.
location-main = Main location
location-node = Location { $node }
shop-prev = ‹ Previous
shop-next = Next ›

buy-title = 🛒 <b>Choose a plan</b>
buy-plan-line =
    <b>{ $title }</b> — { $price }
    { $details }
buy-plan-button = { $title } · { $price }
buy-card =
    <b>{ $title }</b>
    { $details }

    Price: <b>{ $price }</b>
buy-button = ✅ Buy for { $price }
buy-all-plans = « All plans
buy-confirm =
    🧾 <b>Your order</b>
    Plan: <b>{ $plan }</b>
    Price: <b>{ $price }</b>
    Wallet balance: { $balance }
buy-confirm-renewal =
    🔄 <b>Renewal</b>
    Plan: <b>{ $plan }</b>
    Price: <b>{ $price }</b>
    Wallet balance: { $balance }
buy-renewal-rule =
    Current expiry: { $current }
    New expiry: <b>{ $next }</b>
    (the later of today and the current expiry, plus { $days ->
        [one] { $days } day
       *[other] { $days } days
    }: the time you have left is kept)
buy-confirm-enough = Your balance covers it.
buy-renewal-after-pending = { $count ->
    [one] ⏳ A renewal you paid earlier is still being applied: this one adds its days after it.
   *[other] ⏳ { $count } renewals you paid earlier are still being applied: this one adds its days after them.
}
buy-confirm-short = Your balance is { $missing } short: pay that by Telegram invoice, the rest ({ $covered }) comes from your balance.
buy-confirm-invoice = Pay { $missing } by Telegram invoice.
buy-invoice-sent = 🧾 Invoice for { $amount } sent: pay it below.
buy-pay-balance = ✅ Pay { $price } from balance
buy-pay-invoice = 💳 Pay { $amount } by invoice
buy-cancel = ✖ Cancel
buy-cancelled = Order cancelled. Nothing was charged.
buy-promo-refused = ⛔ { $reason ->
    [not-new] Promo code <b>{ $code }</b> is for new customers only, and another order of yours was paid first.
   *[other] Promo code <b>{ $code }</b> on this order can no longer be used.
} This order was cancelled and nothing was taken from your balance: buy the plan again at its full price whenever you like.
buy-cannot-cancel = This order is already paid and can no longer be cancelled.
buy-already-paid = This order is already paid; your access is on its way.
buy-balance-short = Your balance ({ $balance }) no longer covers this order, so here is an invoice for the rest.
buy-paid = ✅ Paid { $price } from your balance (balance now { $balance }). Preparing your VPN access, this takes a few seconds…
buy-paid-renewal = ✅ Paid { $price } from your balance (balance now { $balance }). Renewing your subscription, this takes a few seconds…
# An order made free by a promo code of the whole price.
buy-confirm-free = Free with your promo code: nothing is taken from your balance.
buy-get-free = 🎁 Get it free
buy-paid-free = ✅ It is yours, free of charge. { $kind ->
    [renewal] Renewing your subscription, this takes a few seconds…
    [gift] Your gift link is on its way…
   *[other] Preparing your VPN access, this takes a few seconds…
}

# Gifts: a plan bought for someone else, claimed through a link
buy-gift-button = 🎁 Buy as a gift
buy-confirm-gift =
    🎁 <b>Gift</b>
    Plan: <b>{ $plan }</b>
    Price: <b>{ $price }</b>
    Wallet balance: { $balance }
    After payment you get a link to forward: whoever opens it first gets the subscription.
buy-paid-gift = ✅ Paid { $price } from your balance (balance now { $balance }). Your gift link is on its way…
payment-gift-paid = ✅ Payment received. Your gift link is on its way…
gift-ready =
    🎁 <b>Your gift is ready: { $plan }</b>
    Forward the next message to the person you are giving it to: whoever opens the link first gets the subscription.
    The link is valid until { $date }. If nobody claims it by then, { $amount } goes back to your wallet. You can also cancel it under Wallet → 🎁 My gifts.
gift-forward =
    🎁 <b>A gift for you: { $plan }</b> ({ $days ->
        [one] { $days } day
       *[other] { $days } days
    } of VPN).
    Open this link to get it: { $link }
gift-delivered = 🎁 <b>Your gift is ready: { $plan }</b>
gift-failed = 😔 Your gift ({ $plan }) was claimed, but we could not set up the access. { $amount } went back to your wallet. The admins have been told.
gift-failed-recipient = 😔 Sorry, we could not set up the gifted access ({ $plan }). The person who gave it got their money back.
gift-expired-refunded = ⌛ Nobody claimed your gift ({ $plan }) in time: the link has expired and { $amount } went back to your wallet.
gift-claimed-buyer = 🎁 Your gift ({ $plan }) was claimed by { $name }.
gift-claim-ok = 🎁 <b>You got a gift: { $plan }!</b> Setting up your access, this takes a few seconds…
gift-claim-yours = 🎁 This gift is already yours: your access is under 🔑 My subscriptions.
gift-claim-own = 🎁 This is your own gift link: forward it to the person you are giving it to. You can cancel it under Wallet → 🎁 My gifts.
gift-claim-taken = This gift has already been claimed by someone else.
gift-claim-cancelled = This gift was cancelled by the person who bought it.
gift-claim-expired = ⌛ This gift link has expired.
gift-claim-unknown = This gift link is not valid. Check that you opened the whole link.
gift-my-button = 🎁 My gifts
gift-list-title = 🎁 <b>My gifts</b>
gift-list-empty = You have not bought any gifts yet. Open a plan in 🛒 Buy and choose 🎁 Buy as a gift.
gift-line-open = { $n }. <b>{ $plan }</b> · { $amount } · waiting, link valid until { $date }
gift-line-claimed = { $n }. <b>{ $plan }</b> · { $amount } · claimed by { $name } on { $date }
gift-line-cancelled = { $n }. <b>{ $plan }</b> · { $amount } · cancelled on { $date }, refunded
gift-line-expired = { $n }. <b>{ $plan }</b> · { $amount } · expired on { $date }, refunded
gift-link-button = 🔗 Link { $n }
gift-cancel-button = ✖ Cancel { $n }
gift-cancelled = ✅ Gift cancelled: { $amount } went back to your wallet (balance now { $balance }).
gift-gone = This gift is no longer available.
gift-was-claimed = This gift has already been claimed, so it can no longer be cancelled.
gift-was-cancelled = This gift is already cancelled; its money is back in your wallet.
gift-was-expired = This gift has expired; its money is back in your wallet.

wallet-title =
    💰 <b>Your wallet</b>
    Balance: <b>{ $balance }</b>

    Top up with a Telegram payment: pick an amount or enter your own. You can pay for plans and renewals from the balance.
wallet-topup-button = + { $amount }
wallet-custom = ✏️ Other amount
wallet-history = 📜 History
wallet-back = « Wallet
wallet-ask-amount = ✏️ How much do you want to add? Send an amount from { $min } to { $max }.
wallet-amount-invalid = Please send just an amount from { $min } to { $max }, for example 12.50.
wallet-amount-invalid-stars = Please send a whole number of Stars from { $min } to { $max }, for example 300.
wallet-topup-refused = This amount cannot be topped up. Please choose another one.
wallet-history-title = 📜 <b>Wallet history</b> · page { $page } of { $pages }
wallet-history-empty = 📜 Your wallet has no movements yet.
wallet-history-line = { $date } · { $kind } · <b>{ $amount }</b> → { $balance }
wallet-kind-topup = Top-up
wallet-kind-purchase = Purchase
wallet-kind-renewal = Renewal
wallet-kind-refund = Refund
wallet-kind-stars-refund = Stars refunded
wallet-kind-admin-credit = Credit by the shop
wallet-kind-admin-debit = Debit by the shop
wallet-kind-referral = Reward for an invited friend
wallet-kind-referral-back = Friend's payment refunded: reward taken back
wallet-kind-promo = Promo code

# Promo codes: customers
promo-usage = Send the code after the command, e.g. <code>/promo SPRING</code>.
promo-ask = 🎟 Send your promo code.
promo-button = 🎟 Have a promo code?
promo-refused-invalid = ❌ There is no promo code <b>{ $code }</b>. Please check the spelling.
promo-refused-expired = ⌛ Promo code <b>{ $code }</b> has expired.
promo-refused-disabled = ⛔ Promo code <b>{ $code }</b> has been switched off by the shop.
promo-refused-used-up = 😔 Promo code <b>{ $code }</b> has been used up: no uses are left.
promo-refused-already-used = You have already used promo code <b>{ $code }</b>.
promo-refused-wrong-plan = Promo code <b>{ $code }</b> is not valid for this plan.
promo-refused-not-new = Promo code <b>{ $code }</b> is for new customers only (before their first paid order).
promo-refused-not-for-orders = Promo code <b>{ $code }</b> tops up the wallet: send <code>/promo { $code }</code> to use it.
promo-remembered-percent = 🎟 Promo code <b>{ $code }</b> accepted: { $percent }% off your next purchase within 24 hours. Choose a plan below.
promo-remembered-fixed = 🎟 Promo code <b>{ $code }</b> accepted: { $amount } off your next purchase within 24 hours. Choose a plan below.
promo-remembered-days = 🎟 Promo code <b>{ $code }</b> accepted: { $days ->
    [one] { $days } bonus day
   *[other] { $days } bonus days
} with your next purchase within 24 hours. Choose a plan below.
promo-credited = 🎟 Promo code <b>{ $code }</b>: { $amount } added to your wallet (balance now { $balance }).
promo-order-discount = 🎟 Promo code <b>{ $code }</b>: −{ $discount } (instead of { $list })
promo-order-days = 🎟 Promo code <b>{ $code }</b>: { $days ->
    [one] +{ $days } bonus day
   *[other] +{ $days } bonus days
}
invoice-promo-note = Promo code { $code } applied (instead of { $list }).

# Promo codes: admins
admin-promo = 🎟 Promo codes
promo-admin-title = 🎟 <b>Promo codes</b> ({ $count })
promo-admin-none = No promo codes yet.
promo-admin-line = <b>{ $code }</b> — { $what } · { $usage } · { $state }
promo-admin-usage = used { $used }/{ $total }, reserved { $reserved }
promo-admin-state-live = on
promo-admin-state-disabled = off
promo-admin-state-expired = expired
promo-admin-what-percent = −{ $percent }%
promo-admin-what-fixed = −{ $amount }
promo-admin-what-days = { $days ->
    [one] +{ $days } day
   *[other] +{ $days } days
}
promo-admin-what-credit = +{ $amount } to the wallet
promo-admin-new = ➕ New code
promo-admin-back = « Promo codes
promo-admin-disable = ⛔ Disable
promo-admin-disabled-now = The code is off: it can no longer be used.
promo-admin-card =
    🎟 <b>{ $code }</b> — { $what } ({ $state })
    Usage: { $usage }
    Plans: { $plans }
    Valid until: { $expires }
    Uses per customer: { $perCustomer }
    New customers only: { $newOnly }
promo-admin-all-plans = all
promo-admin-no-expiry = no end date
promo-admin-yes = yes
promo-admin-no = no
promo-admin-uses-title = <b>Latest uses</b>
promo-admin-no-uses = Not used yet.
promo-admin-use-used = ✅ customer <code>{ $customer }</code> · { $what } · { $at }
promo-admin-use-reserved = ⏳ customer <code>{ $customer }</code> · { $what } (unpaid) · { $at }
promo-admin-use-credit = wallet credit
promo-admin-choose-kind = What should the new code give?
promo-admin-kind-percent = Percentage discount
promo-admin-kind-fixed = Fixed discount
promo-admin-kind-days = Bonus days
promo-admin-kind-credit = Wallet credit
promo-admin-ask-code = Send the code (3–32 letters, digits, _ or -), e.g. <code>SPRING25</code>.
promo-admin-invalid-code = A code is 3–32 letters, digits, _ or -. Please send another one.
promo-admin-ask-value-percent = How many percent off? (1–100; 100 makes the order free)
promo-admin-ask-value-fixed = How much off the price? (an amount of the shop's currency)
promo-admin-ask-value-days = How many bonus days with the purchase?
promo-admin-ask-value-credit = How much to credit to the wallet?
promo-admin-invalid-value-percent = Please send a whole number from 1 to 100.
promo-admin-invalid-value-amount = Please send an amount above zero, e.g. <code>50</code>.
promo-admin-invalid-value-days = Please send a whole number of days from 1 to { $max }.
promo-admin-ask-plans = Which plans is it for? Tap the plans it is for, then ✅ Continue; or 🌐 All plans.
promo-admin-invalid-plans = Please tap the plans above, then ✅ Continue, or 🌐 All plans (or send plan ids separated by commas).
promo-admin-ask-expiry = For how many days is it valid? Send a number, or <code>-</code> for no end date.
promo-admin-invalid-expiry = Please send a whole number of days from 1 to { $max }, or <code>-</code>.
promo-admin-ask-total = How many uses in all? Send a number, or <code>-</code> for no limit.
promo-admin-ask-per-customer = How many uses per customer? Send a number, or <code>-</code> for one.
promo-admin-invalid-count = Please send a whole number from 1 to { $max }, or <code>-</code>.
promo-admin-ask-new-only = New customers only (no paid order yet)?
promo-admin-invalid-yes-no = Please tap ✅ Yes or ❌ No above.
promo-admin-exists = A code <b>{ $code }</b> exists already: nothing was created.

my-title = 🔑 <b>Your subscriptions</b>
my-title-page = 🔑 <b>Your subscriptions</b> · page { $page } of { $pages }
my-empty = You have no subscriptions yet. Pick a plan with /buy.
my-item = { $status } · <b>{ $plan }</b> · until { $expiry }
my-status-active = ✅ active
my-status-expired = ⌛ expired
my-status-disabled = ⏸ paused
my-renew-removed = This subscription was removed by the shop's admins, so it cannot be renewed. Choose a plan in /buy.
my-status-removed = 🗑 removed by the shop's admins
my-card-status = Status: { $status }
my-card-expiry = Valid until: { $date }
my-card-traffic = Traffic: { $used } / { $limit }
my-card-devices = Devices: { $devices }
my-usage-unknown = ?
my-usage-stale = ⚠️ Live usage could not be read from the hosting service just now, so these are the last known values.
my-problem-missing = ⚠️ This access is not working right now: its client is missing on the hosting side. The shop's admins have been told and will set it up again.
my-problem-server_gone = ⚠️ This access is not working right now: its server is out of service. The shop's admins have been told and will move it; you will get new links.
my-qr = 📷 QR code
my-renew = 🔄 Renew for { $price }
my-back = « My subscriptions
my-not-found = This subscription was not found.
my-no-link = This subscription has no link to show as a QR code.
my-renew-not-sold = This plan is no longer sold, so it cannot be renewed. Choose a plan with /buy.
my-renew-disabled = This subscription is blocked by the shop's admins, so it cannot be renewed now and nothing was charged. Please contact support.
my-renew-disabled-support = This subscription is blocked by the shop's admins, so it cannot be renewed now and nothing was charged. Please contact support: { $contact }.

trial-preparing = 🎁 Preparing your free trial, this takes a few seconds…
trial-used = You have already used your free trial.
trial-none = No free trial is offered right now.

remind-3d = ⏳ Your subscription <b>{ $plan }</b> ends in less than 3 days: { $date }.
remind-1d = ⏳ Your subscription <b>{ $plan }</b> ends in less than a day: { $date }.
remind-3h = ⚠️ Your subscription <b>{ $plan }</b> ends in less than 3 hours: { $date }.
remind-expired = ⌛ Your subscription <b>{ $plan }</b> expired on { $date }. The VPN no longer works.
remind-renew-hint = Renew it in one tap to stay connected.
remind-trial-hint = This was your free trial. To keep using the VPN, choose a plan with /buy.
remind-not-sold-hint = This plan is no longer sold. Choose another plan with /buy.
remind-button-renew = 🔄 Renew
remind-button-buy = 🛒 Choose a plan
traffic-80 = 📶 You have used { $percent }% of the traffic of <b>{ $plan }</b>: { $used } of { $limit }.
traffic-100 = 🚫 The traffic of <b>{ $plan }</b> has run out: { $used } of { $limit } used. The VPN stops working until you renew.
traffic-renew-hint = Renewing starts a new term with a fresh traffic allowance.
traffic-trial-hint = This is your free trial. For more traffic, choose a plan with /buy.
traffic-not-sold-hint = This plan is no longer sold. Choose another plan with /buy.
traffic-button-renew = 🔄 Renew / top up
traffic-button-buy = 🛒 Choose a plan

## Server watch and shop settings

watch-offline = 🔴 Server <b>{ $name }</b> (#{ ID($id) }) is offline since { $since } ({ $duration }). Customers told: { $customers }.
watch-offline-early = 🔴 Server <b>{ $name }</b> (#{ ID($id) }) is offline since { $since } ({ $duration }). Its customers ({ $customers }) are told if it is still offline after { $grace }.
watch-back = 🟢 Server <b>{ $name }</b> (#{ ID($id) }) is back online after { $duration }. Customers told: { $customers }.
watch-days-left = ⏳ Server <b>{ $name }</b> (#{ ID($id) }) expires in { $days ->
    [one] { $days } day
   *[other] { $days } days
}, on { $date }.
watch-low-balance = 💸 The hosting balance ({ $balance }) is below the cost of the next extension ({ $cost }): server <b>{ $name }</b> (#{ ID($id) }), { $days ->
    [one] { $days } day
   *[other] { $days } days
} left. Top up in the hosting web cabinet.
watch-extended = ✅ Auto-extended server <b>{ $name }</b> (#{ ID($id) }) by 30 days. New expiry: { $date } ({ $days ->
    [one] { $days } day
   *[other] { $days } days
} left). Balance: { $balance }.
watch-extend-no-balance = ⚠️ Could not auto-extend server <b>{ $name }</b> (#{ ID($id) }): the balance ({ $balance }) is too low. Nothing was charged. Top up in the web cabinet; I will try again within the hour.
watch-extend-refused = ⚠️ Could not auto-extend server <b>{ $name }</b> (#{ ID($id) }): { $reason } Nothing was charged; I will try again within the hour.
watch-extend-unknown = ❓ Auto-extension of server <b>{ $name }</b> (#{ ID($id) }) got no clear answer ({ $reason }). It may or may not have been charged: check the server card. I will not retry it by myself.
watch-extend-not-charged = ⚠️ Auto-extension of server <b>{ $name }</b> (#{ ID($id) }) got no clear answer ({ $reason }). I checked the server: it was not extended and nothing was charged. I will try again within the hour.
watch-api-unauthorized = 🔑 The hosting API refused the account key, so servers are not being watched. Link the account again: /admin → Hosting account.
watch-api-unreachable = 📡 The hosting API cannot be reached, so servers are not being watched right now: { $reason } I keep trying every minute.
outage-offline = ⚠️ Your VPN server is offline at the moment. We are working on it and will tell you as soon as it is back.
outage-back = ✅ Your VPN server is back online. If the VPN does not connect, turn it off and on again in your app.
settings-section = ⚙️ Settings
settings-title =
    ⚙️ <b>Settings</b>

    Auto-extend servers: { $autoExtend }
    <i>When on, a server with 1 day left is extended by 30 days from the hosting balance, once per expiry, and you get a report.</i>

    Customers told of an outage after: { $grace } min (admins: at the second failed check)
    Extension cost for the low-balance alert: { $cost }
    Last extension cost: { $learned }
    Hosting balance currency: { $currency }
    <i>The hosting API gives the balance as a bare number; this names its currency.</i>

    Gift links last: { $giftDays ->
        [one] { $giftDays } day
       *[other] { $giftDays } days
    } (then refunded to the buyer)
settings-on = ✅ on
settings-off = ⛔ off
settings-not-set = learned from the first extension
settings-auto-extend-turn-on = ✅ Turn auto-extend on
settings-auto-extend-turn-off = ⛔ Turn auto-extend off
settings-auto-extend-now-on = Auto-extend is on.
settings-auto-extend-now-off = Auto-extend is off.
settings-edit-grace = ⏱ Change the outage grace
settings-edit-cost = 💰 Change the extension cost
settings-edit-currency = 💱 Change the currency
settings-edit-gift = 🎁 Change the gift link life
settings-ask-grace = ⏱ Tell customers of an outage after how many minutes offline? Send a whole number from { $min } to { $max }.
settings-ask-cost = 💰 What does one 30-day server extension cost, in the hosting balance's currency? It is used for the low-balance alert until an extension shows the real price. Send an amount, or - to learn it from the next extension.
settings-ask-currency = 💱 Send the currency of the hosting balance: a code or a sign, e.g. RUB or ₽.
settings-grace-invalid = Send a whole number of minutes from { $min } to { $max }.
settings-cost-invalid = Send an amount above 0 and at most { $max } (e.g. 150 or 99.5), or - to learn it from the next extension.
settings-currency-invalid = Send a currency code or sign: 1 to 8 letters or currency signs, e.g. RUB or ₽.
settings-ask-gift = 🎁 How many days should a gift link stay valid? Unclaimed by then, it is refunded to the buyer's wallet. Send a whole number from { $min } to { $max }. Links already sent keep their date.
settings-gift-invalid = Send a whole number of days from { $min } to { $max }.

## Sales stats

admin-stats = 📊 Sales
stats-title = 📊 <b>Sales, { $range }</b> (UTC days)
stats-range-today = today
stats-range-7d = last 7 days
stats-range-30d = last 30 days
stats-btn-today = Today
stats-btn-7d = 7 days
stats-btn-30d = 30 days
stats-active = Active subscriptions now: <b>{ $count }</b>
stats-summary = New customers: { $customers } · Orders: { $orders } · Revenue: { $revenue }
stats-by-day = <b>By day</b>
stats-by-plan = <b>By plan</b>
stats-col-day = Day
stats-col-new = New
stats-col-buy = Buy
stats-col-renew = Ren
stats-col-trial = Trial
stats-col-revenue = Revenue
stats-col-plan = Plan
stats-total = Total
stats-no-sales = No orders in this period.
stats-legend = <i>New: new customers · Buy: purchases · Ren: renewals · Trial: free trials. Revenue: purchases and renewals minus refunds.</i>
stats-export = ⬇️ Export CSV
export-started = Preparing the export: customers, subscriptions and the ledger as CSV files…
export-caption-customers = Customers (CSV)
export-caption-subscriptions = Subscriptions (CSV)
export-caption-ledger = Ledger: every wallet movement (CSV)
export-failed = The export could not be finished. Please try again later.

## Broadcast

admin-broadcast = 📣 Broadcast
broadcast-home = 📣 <b>Broadcast</b>
    Send a message to all customers, or only to those with an active subscription. You will see a preview before anything is sent.
    Reachable now: { $all ->
        [one] { $all } customer
       *[other] { $all } customers
    }, { $active } of them with an active subscription.
broadcast-new = ✍️ Write a message
broadcast-unavailable = Broadcasts are not available right now: the worker that sends them is not running.
broadcast-ask = ✍️ Send the message for the broadcast: a text, or a photo with a caption.
    Formatting (bold, links, …) is kept. /cancel to stop.
broadcast-need-caption = A photo needs a caption: send it again with the text in its caption.
broadcast-text-or-photo = Please send a text, or a photo with a caption.
broadcast-too-long = That is too long: at most { $max } characters.
broadcast-preview = 👆 This is how customers will see it. Who should get it?
broadcast-audience-all = 👥 All customers ({ $count })
broadcast-audience-active = ✅ With an active subscription ({ $count })
broadcast-cancel = ✖ Cancel
broadcast-back = « Audience
broadcast-confirm = Send this message to { $audience }: <b>{ $count }</b> { $count ->
        [one] recipient
       *[other] recipients
    }?
broadcast-confirm-yes = 📣 Send now
broadcast-to-all = all customers
broadcast-to-active = customers with an active subscription
broadcast-nobody = Nobody in this audience can be reached right now.
broadcast-started = 📣 Broadcast started. The progress message below is updated as it goes.
broadcast-already-started = This broadcast has already been started.
broadcast-expired = This draft has expired. Please write the message again.
broadcast-cancelled = Broadcast cancelled; nothing was sent.
broadcast-progress = 📣 <b>Broadcast to { $audience }</b>
    Sending… { $done } of { $total }{ $more }
    ✅ Sent: { $sent } · ⚠️ Failed: { $failed } · 🚫 Blocked: { $blocked }
broadcast-progress-queuing = (still queuing)
broadcast-done = ✅ <b>Broadcast to { $audience } finished</b>
    { $total ->
        [one] { $total } recipient
       *[other] { $total } recipients
    }: ✅ sent { $sent } · ⚠️ failed { $failed } · 🚫 blocked the bot { $blocked }
    Skipped (blocked earlier): { $skipped }
broadcast-stop = ⏹ Stop
broadcast-stop-stopping = ⏹ Stopping: nothing more goes out; the progress message above will show the final count.
broadcast-stop-already = This broadcast is already being stopped.
broadcast-stop-finished = This broadcast has already finished.
broadcast-stop-unknown = This broadcast is no longer known.
broadcast-stopping =
    ⏹ <b>Stopping the broadcast to { $audience }</b>
    ✅ Sent: { $sent } · ⚠️ Failed: { $failed } · 🚫 Blocked: { $blocked }
    Dropping the messages still queued…
broadcast-stopped =
    ⏹ <b>Broadcast to { $audience } stopped</b>
    ✅ sent { $sent } · ⚠️ failed { $failed } · 🚫 blocked the bot { $blocked }
    Not sent (dropped from the queue): { $cancelled }

## Stars refunds

stars-refund-button = ↩️ Refund the Stars payment
stars-refund-confirm =
    ↩️ Send <b>{ $amount }</b> back to customer <code>{ ID($customer) }</code> through Telegram for order <code>{ $order }</code>?
    The same amount is taken from the customer's wallet (balance now { $balance }), where the failed order's money went.
stars-refund-yes = Yes, refund { $amount }
stars-refund-done = ✅ { $amount } went back to customer <code>{ ID($customer) }</code> through Telegram.
stars-refund-spent = The customer has already spent the refund from the wallet (balance { $balance }), so { $amount } cannot be sent back.
stars-refund-already = This payment was refunded before.
stars-refund-failed = Telegram refused the refund: { $error }. The money stays in the customer's wallet; you can try again.
stars-refund-none = This order was not paid by a Telegram Stars invoice, so there is nothing to send back.
stars-refund-used = This confirmation was used already or has expired.
stars-refund-unclear = Telegram gave no clear answer, so the refund may have gone through. { $amount } stays taken from the customer's wallet; try again: Telegram never refunds a payment twice.

## Node (admin section for the master node)

admin-node = 🛰 Node
node-not-configured =
    🛰 <b>Node</b>
    No node is connected. To manage the master node here, set in the bot's environment:
    • <code>NODE_API_URL</code>: the node's API address, e.g. <code>https://node.example:8443</code>
    • <code>NODE_API_TOKEN</code>: the node's API token (file api_token.txt; <code>vpn api token</code> on the node shows it)
    • <code>NODE_API_CERT_SHA256</code>: the SHA-256 fingerprint of the node's self-signed certificate (recommended)
    Then restart the bot.
node-back-home = « Back to node
node-back-clients = « Back to clients
node-back-name = « Back to name
node-back-peers = « Back to peers
node-back-fed = « Back to federation
node-limit-not-set = not set
node-limit-zero-gb = 0 GB
node-already-done = This was already done (the button was pressed twice).
node-confirm-expired = This confirmation has expired. Please start again.
node-error-unauthorized = 🔑 The node refused the API token. Check <code>NODE_API_TOKEN</code>: it must match api_token.txt on the node (<code>vpn api token</code> shows it), then restart the bot.
node-error-unreachable = ⏳ The node did not answer. Check that its API is running (<code>vpn api status</code>) and that <code>NODE_API_URL</code> is right, then try again.
node-error-certificate = 🔒 The node's TLS certificate does not match <code>NODE_API_CERT_SHA256</code>. If the node's certificate was reissued, set the new fingerprint and restart the bot.
node-error-cert-presented = The node presents: <code>{ $fingerprint }</code>
node-error-cert-self-signed =
    🔒 The node's certificate is self-signed, so it cannot be checked without a pin. If this is your node's certificate, set <code>NODE_API_CERT_SHA256</code> to its fingerprint and restart the bot:
    <code>{ $fingerprint }</code>
node-error-cert-untrusted =
    🔒 The node's TLS certificate did not pass verification ({ $reason }). If this is your node's certificate, set <code>NODE_API_CERT_SHA256</code> to its fingerprint and restart the bot:
    <code>{ $fingerprint }</code>
node-error-user-not-found = No client with that name on the node: it may have been deleted or renamed.
node-error-exists = A client with that name already exists on the node. Choose another name.
node-error-bad-name = The node refused the name: it must be 1 to 64 characters of A-Z a-z 0-9 _ . @ -.
node-error-bad-days = The node refused the days: send a whole number, 1 or more.
node-error-internal = The node hit an internal error. Its details are in logs.txt on the node (see Logs); please try again.
node-error-not-found = Not found on the node: it may have been removed already.
node-health-up = API: ✅ up
node-health-down = API: ⚠️ the health check did not answer
node-home-title = 🛰 <b>Node { $name }</b>
node-home-domain = Domain: { $domain }
node-home-ports = Ports: API { ID($api) } · subscription { ID($sub) } · WS { ID($ws) } · Reality { ID($reality) }
node-home-clients = { $total ->
    [one] { $total } client
   *[other] { $total } clients
}: { $active } active, { $banned } banned
node-home-peers = Peers: { $count }
node-home-federation-on = Federation: 🔗 on
node-home-federation-on-url = Federation: 🔗 on, upstream <code>{ $url }</code>
node-home-federation-off = Federation: off
node-btn-clients = 👥 Clients
node-btn-name = 🏷 Name
node-btn-peers = 🔗 Peers
node-btn-federation = 🌐 Federation
node-btn-backups = 💾 Backups
node-btn-traffic = 📊 Traffic
node-btn-logs = 📜 Logs
node-clients-title = 👥 <b>Node clients</b>
node-clients-summary = { $count ->
    [one] { $count } client
   *[other] { $count } clients
} · page { $page } of { $pages }
node-clients-empty = No clients yet. Tap "Create client" to add the first one.
node-clients-line = { $mark }<b>{ $name }</b> — { $expiry }
node-client-until = until { $date } ({ $days ->
    [one] { $days } day left
   *[other] { $days } days left
})
node-client-expired = ⌛ expired { $date }
node-page-prev = ‹ Previous
node-page-next = Next ›
node-client-create = ➕ Create client
node-card-title = 👤 <b>{ $name }</b>
node-card-status = Status: { $status }
node-status-active = ✅ active
node-status-expired = ⌛ expired
node-status-banned = 🚫 banned
node-status-banned-reason = 🚫 banned ({ $reason })
node-card-uuid = UUID: <code>{ $uuid }</code>
node-card-expiry = Expires: { $date } ({ $days ->
    [one] { $days } day left
   *[other] { $days } days left
})
node-card-limits = Traffic limit: { $traffic } · Devices: { $devices }
node-card-link = VLESS link:
node-btn-qr = 🔳 QR code
node-btn-renew = 📅 Renew
node-btn-limits = 📦 Limits
node-btn-rename = ✏️ Rename
node-btn-ban = 🚫 Ban
node-btn-unban = ✅ Unban
node-btn-delete = 🗑 Delete
node-open-client = 👤 Open client
node-qr-caption = VLESS link of { $name }
node-delete-confirm = 🗑 Delete client <b>{ $name }</b> from the node? Its link stops working at once; this cannot be undone.
node-delete-yes = 🗑 Yes, delete
node-deleted = 🗑 Client <b>{ $name }</b> is deleted.
node-unbanned = ✅ <b>{ $name }</b> is unbanned: back in the configs and subscriptions.
node-banned = 🚫 <b>{ $name }</b> is banned: removed from the configs and subscriptions, the record is kept.
node-banned-reason = 🚫 <b>{ $name }</b> is banned (reason: { $reason }): removed from the configs and subscriptions, the record is kept.
node-ask-client-name = ➕ <b>New client</b>. Send the client's name: 1 to 64 characters of A-Z a-z 0-9 _ . @ -
node-name-invalid = The name must be 1 to 64 characters of A-Z a-z 0-9 _ . @ - (no spaces). Send another one.
node-rename-same = That is the current name. Send a different one.
node-ask-create-days = Term in <b>days</b>, 1 or more, e.g. 30.
node-days-invalid = Send a whole number of days, 1 or more, e.g. 30.
node-ask-create-gb = Traffic limit in <b>GB</b>, e.g. 50 or 2.5, or <code>-</code> to leave it unset (no limit is sent to the node).
node-ask-create-devices = Device limit, a whole number, or <code>-</code> to leave it unset (no limit is sent to the node).
node-gb-invalid = Send a number of GB, 0 or more, e.g. 50 or 2.5.
node-gb-invalid-optional = Send a number of GB, 0 or more, e.g. 50 or 2.5, or - to leave it unset.
node-devices-invalid = Send a whole number of devices, 0 or more.
node-devices-invalid-optional = Send a whole number of devices, 0 or more, or - to leave it unset.
node-created = ✅ Client <b>{ $name }</b> is created on the node.
node-ask-renew = 📅 Renew <b>{ $name }</b>: send N, the number of days. This adds N days to the current expiry (to today if it has already passed).
node-renewed = ✅ Added { $days ->
    [one] { $days } day
   *[other] { $days } days
} to <b>{ $name }</b>: the expiry was { $from }, now { $to } ({ $left ->
    [one] { $left } day left
   *[other] { $left } days left
}).
node-renew-again = 🔁 Try again
node-renew-retry-hint = The renewal goes to { $to }. “Try again” reads the client first and adds only the days still missing, so nothing is added twice.
node-renew-in-doubt = ⏳ The last renewal of <b>{ $name }</b> got no answer less than a minute ago and may still be applied by the node, so nothing was sent now. Tap “Try again” in a minute: it renews to { $to } and adds only what is missing.
node-renew-busy = ⏳ A renewal of <b>{ $name }</b> is running right now. Wait a moment, then tap “Try again” or open the client.
node-renewed-to = ✅ <b>{ $name }</b> runs until { $to } ({ $left ->
    [one] { $left } day left
   *[other] { $left } days left
}).
node-ask-limit-gb = 📦 New traffic limit of <b>{ $name }</b> in <b>GB</b>, e.g. 50 or 2.5. The node API does not say what a limit of 0 means: it is sent as it is.
node-ask-limit-devices = Device limit, a whole number.
node-limits-set = ✅ Limits of <b>{ $name }</b>: traffic { $traffic } · devices { $devices }.
node-ask-rename = ✏️ New name for <b>{ $name }</b>: 1 to 64 characters of A-Z a-z 0-9 _ . @ -
node-renamed = ✅ <b>{ $old }</b> is now called <b>{ $name }</b>.
node-ask-ban-reason = 🚫 Ban <b>{ $name }</b>: send the reason (kept on the node), or <code>-</code> for none.
node-reason-too-long = The reason is too long: 200 characters at most.
node-name-view =
    🏷 <b>Node name</b>
    Current name: <b>{ $name }</b>
    It appears in the tags of the VLESS links (e.g. <code>{ $name }-ws</code>).
node-name-change = ✏️ Change name
node-ask-node-name = 🏷 Send the new node name (a location name, up to 64 characters). New links carry it in their tags.
node-node-name-invalid = The node name must be 1 to 64 characters on one line. Send another one.
node-name-set = ✅ The node is now called <b>{ $name }</b>. Links are rebuilt with the new tag.
node-peers-title = 🔗 <b>Peers of the shared subscription</b>: { $count ->
    [one] { $count } peer
   *[other] { $count } peers
}
node-peers-empty = No peers yet.
node-peers-line =
    • <b>{ $name }</b>
    <code>{ $url }</code>
node-peers-hint = A peer's URL contains the placeholder <code>{ "{uuid}" }</code>, which the master replaces with the client's UUID, and ends with <code>/local</code> (only the peer's own links; other URLs are refused), e.g. <code>https://node2.example:2096/sub/{ "{uuid}" }/local</code>.
node-peer-add = ➕ Add peer
node-peer-delete = 🗑 { $name }
node-ask-peer-name = 🔗 <b>New peer</b>. Send its name: 1 to 64 characters of A-Z a-z 0-9 _ . @ -
node-peer-name-invalid = The peer name must be 1 to 64 characters of A-Z a-z 0-9 _ . @ -. Send another one.
node-ask-peer-url = Send the subscription URL of <b>{ $name }</b>. It must contain <code>{ "{uuid}" }</code> and be the peer's own link set: for a per-node link set it ends with <code>/local</code>, e.g. <code>https://node2.example:2096/sub/{ "{uuid}" }/local</code>. Other URLs are refused (the master would collect subscriptions recursively).
node-peer-url-no-uuid = The URL must contain the placeholder <code>{ "{uuid}" }</code> (the master puts the client's UUID there). Send it again.
node-peer-url-invalid = That is not an http(s) URL. Send it again, e.g. <code>https://node2.example:2096/sub/{ "{uuid}" }/local</code>.
node-peer-added = ✅ Peer <b>{ $name }</b> is saved:
    <code>{ $url }</code>
node-peer-url-not-local = The URL does not end with <code>/local</code> after <code>{ "{uuid}" }</code>: a peer must give only its own links, or the master collects subscriptions recursively. Send it again, e.g. <code>https://node2.example:2096/sub/{ "{uuid}" }/local</code>.
node-peer-delete-confirm = 🗑 Remove peer <b>{ $name }</b> from the shared subscription? Its links will no longer be in customers' subscriptions.
node-peer-delete-yes = 🗑 Yes, remove
node-peer-deleted = 🗑 Peer <b>{ $name }</b> is removed.
node-fed-view =
    🌐 <b>Federation (upstream)</b>
    Master API: <code>{ $url }</code>
    Token: <code>{ $token }</code>
    The node pulls its users from this master.
node-fed-none =
    🌐 <b>Federation (upstream)</b>
    No upstream is set: this node keeps its own user base.
node-fed-set = 🔗 Set upstream
node-fed-remove = ✖ Remove upstream
node-ask-fed-url = 🌐 Send the master's API address, ending in <code>/api</code>, e.g. <code>https://master.example:8443/api</code>.
node-fed-url-invalid = The address must be an http(s) URL ending in <code>/api</code>, e.g. <code>https://master.example:8443/api</code>. Send it again.
node-ask-fed-token = 🔑 Send the master's API token for <code>{ $url }</code>. The message is deleted as soon as it is read, and the token is not stored by the bot.
node-fed-token-invalid = The token is one word without spaces. Send it again.
node-fed-saved = ✅ Upstream saved: <code>{ $url }</code> (token <code>{ $token }</code>). The node now pulls its users from the master.
node-fed-remove-confirm = ✖ Remove the upstream? The node stops pulling users from the master.
node-fed-remove-yes = ✖ Yes, remove
node-fed-removed = ✅ The upstream is removed.
node-backups-title = 💾 <b>Backups</b>: { $count ->
    [one] { $count } backup
   *[other] { $count } backups
}
node-backups-empty = No backups yet.
node-backups-older = …and { $count ->
    [one] { $count } older one
   *[other] { $count } older ones
}
node-backup-line = • { $text }
node-backup-line-name = • { $name }
node-backup-create = ➕ Create backup
node-backup-created = ✅ Backup created (users, tokens, peers, TLS and Reality settings).
node-traffic-title = 📊 <b>Traffic by client</b>: top { $shown } of { $count }
node-traffic-empty = No traffic counters yet.
node-traffic-line = { $n }. <b>{ $name }</b> — ↑ { $up } · ↓ { $down } · Σ { $total }
node-logs-title = 📜 <b>Node log</b>: { $count ->
    [one] last { $count } entry
   *[other] last { $count } entries
}
node-logs-trimmed = (older entries left out to fit one message)
node-logs-empty = The log is empty.

## Admin: panel and federation (multi-location clients)

admin-panel = 🧩 Panel
panel-title = 🧩 <b>Panel</b>
panel-not-configured =
    🧩 <b>Panel</b>

    The panel is not connected. Set <code>PANEL_API_URL</code> (the main panel's address) and <code>PANEL_API_TOKEN</code> (its API token) in the bot's environment, then restart the bot.
panel-locations = <b>Locations</b>
panel-location-line = { $mark } { $location } — { $clients ->
    [one] { $clients } client
   *[other] { $clients } clients
}
panel-offline = (offline)
panel-no-federation = No connected panels (no federation).
panel-federation-failed = ⚠️ The connected panels could not be read: { $error }
panel-inbounds-title = <b>Inbounds of the main panel</b>
panel-inbounds-empty = The panel has no inbounds.
panel-inbounds-failed = ⚠️ The inbounds could not be read: { $error }
panel-inbound-line = <b>#{ ID($id) }</b> { $remark } · { $protocol } · { $network } · port { $port } · { $clients ->
    [one] { $clients } client
   *[other] { $clients } clients
}
panel-btn-clients = 👥 Clients
panel-btn-new = ➕ New multi-location client
panel-back-home = « Back to panel
panel-back-list = « Back to clients
panel-loc-main = main panel
panel-loc-node = { $name } (#{ ID($id) })
panel-loc-node-id = node #{ ID($id) }
panel-error-unauthorized = 🔑 The panel refused the API token (401). Check <code>PANEL_API_TOKEN</code> in the bot's environment and restart the bot.
panel-error-location-unreachable = 📡 Location { $location } is unreachable from the main panel (502). Check that the connected panel is online, then try again.
panel-error-unknown-node = ❓ The main panel does not know location <code>{ $node }</code> (unknown node_id, 404), so it cannot tell whether the client is there. Check the federation: the client may still exist on that panel.
panel-error-unreachable = ⏳ The panel did not answer. Check <code>PANEL_API_URL</code> and that the panel is running, then try again.
panel-unlimited = unlimited
panel-none = none
panel-no-expiry = no expiry
panel-until = until { $date }
panel-expired-on = ⌛ expired { $date }
panel-used-of = { $used } / { $limit }
panel-list-title = 👥 <b>Clients of the main panel</b>
panel-list-summary = { $count ->
    [one] { $count } client
   *[other] { $count } clients
} · page { $page } of { $pages }
panel-list-empty = No clients yet. Tap “New multi-location client” to add one.
panel-list-line = <b>{ $name }</b> — { $expiry } · 📶 { $traffic } · 📱 { $devices }
panel-page-prev = ‹ Previous
panel-page-next = Next ›
panel-card-title = 🧩 <b>{ $name }</b>
panel-card-uuid = UUID: <code>{ $uuid }</code>
panel-card-expiry = Term: { $expiry }
panel-card-traffic = Traffic: { $traffic }
panel-card-devices = Devices: { $devices }
panel-card-inbounds = Inbound ids: { $ids }
panel-card-channels = Channels: { $channels }
panel-card-wg = WireGuard: { $wg }
panel-wg-on = on
panel-wg-off = off
panel-wg-unknown = not reported
panel-card-sub =
    🔗 Subscription URL (tap to copy):
    <code>{ $url }</code>
panel-card-no-sub = The panel gave no subscription URL for this client.
panel-btn-extend = ➕ Extend
panel-btn-term = 📅 Set term
panel-btn-limits = 📦 Limits
panel-btn-qr = 🔳 QR code
panel-btn-delete = 🗑 Delete
panel-btn-retry = 🔁 Try again
panel-open-card = 🧩 Open client
panel-qr-caption = QR code of the subscription URL of { $name }
panel-row-done = • { $location }: ✅ { $detail }
panel-row-now = • { $location }: now { $detail }
panel-row-absent = • { $location }: — not on this location
panel-row-failed = • { $location }: ❌ { $error }
panel-row-deleted = • { $location }: 🗑 deleted
panel-row-limits = traffic { $traffic } · devices { $devices }
panel-row-term-differs = ⚠️ The final term on { $location } differs from the target: open the client and check it.
panel-nowhere = This client was not found on any location.
panel-some-failed = ⚠️ Not every location was changed. Tap “Try again” to repeat the change.
panel-ask-extend = ➕ How many days to <b>add</b> to the remaining term of <b>{ $name }</b>? They are added to the current expiry (or to today if it has passed), on every location where the client exists. Send a whole number, e.g. 30.
panel-days-invalid = Send a whole number of days, 1 or more, e.g. 30.
panel-extend-confirm = ➕ Add { $days ->
    [one] { $days } day
   *[other] { $days } days
} to the remaining term of <b>{ $name }</b>. Current terms:
panel-extend-target = New expiry on every location: <b>{ $date }</b>. It is sent as this exact date, so tapping the button again cannot add the days twice.
panel-extend-unread = Locations that could not be read are tried again when you confirm.
panel-extend-yes = ✅ Extend
panel-extend-stale = This confirmation has expired (its date has passed). Tap “Extend” again.
panel-extend-overtaken = The term already ends after that date (a renewal landed after this confirmation was shown), so nothing was changed: setting it would take those days away. Tap “Extend” again to add days.
panel-extended = ✅ <b>{ $name }</b>: term set to { $date } on every location where the client exists. Final terms:
panel-ask-term = 📅 Set a new term for <b>{ $name }</b>: send N, the number of days <b>from today</b>, e.g. 30. This replaces the current expiry on every location; the remaining term is not kept.
panel-term-set = ✅ New term of <b>{ $name }</b>: { $days ->
    [one] { $days } day
   *[other] { $days } days
} from today. Final terms:
panel-ask-limit-gb = 📦 Send the traffic limit of <b>{ $name }</b> in <b>GB</b>, e.g. 50 or 2.5 (<code>0</code> = unlimited).
panel-ask-limit-devices = 📱 Send the device limit of <b>{ $name }</b>, a whole number (<code>0</code> = unlimited).
panel-gb-invalid = Send a number of GB, 0 or more (0 = unlimited), e.g. 50 or 2.5.
panel-devices-invalid = Send a whole number of devices, 0 or more (0 = unlimited), e.g. 3.
panel-limits-set = ✅ New limits of <b>{ $name }</b>:
panel-delete-confirm =
    🗑 Delete <b>{ $name }</b> on every location where it exists?

    Its subscription stops working. This cannot be undone.
panel-delete-yes = 🗑 Yes, delete everywhere
panel-deleted-title = 🗑 <b>{ $name }</b>:
panel-delete-some-failed = ⚠️ Some locations still have the client. Tap “Try again” to delete it there.
panel-delete-already = This deletion is already done (the button was pressed more than once).
panel-delete-expired = This confirmation has expired. Open the client again to delete it.
panel-ask-name = ➕ <b>New multi-location client</b>: send its name (1 to 64 Latin letters, digits and _ . @ -). It is the same on every location.
panel-name-invalid = The name must be 1 to 64 characters of Latin letters, digits and _ . @ - (no spaces).
panel-pick-locations = 📍 Pick the locations of <b>{ $name }</b> (tap to turn on or off), then tap “Continue”.
panel-pick-go = ➡️ Continue
panel-pick-none = Pick at least one location.
panel-pick-use-buttons = Please use the buttons above to pick locations, or tap Cancel.
panel-pick-outdated = This dialog has ended. Start again from the Panel section.
panel-ask-inbounds = 📡 Inbound ids on <b>{ $location }</b>, comma-separated, e.g. <code>1, 2</code>:
panel-pick-inbound-line = <code>{ $id }</code> — { $remark } · { $protocol } · port { $port }
panel-inbounds-remote = (the ids of { $location }'s own inbounds; they are checked by that panel)
panel-inbounds-unread = ⚠️ The inbounds could not be read ({ $error }); type the ids anyway.
panel-inbounds-invalid = Send one or more inbound ids separated by commas, e.g. <code>1, 2</code>.
panel-inbounds-unknown = { $location } has no inbound { $ids }. Its inbounds: { $known }.
panel-inbound-from-catalog = from the catalog
panel-inbounds-tap = Tap the inbounds to use, then “Continue”; or type their ids.
panel-inbounds-none = Pick at least one inbound, or type the ids.
panel-create-summary = 🧾 <b>Create client { $name }?</b>
panel-create-summary-row = • { $location }: inbounds { $inbounds }
panel-create-summary-term = Term: { $days ->
        [one] { $days } day
       *[other] { $days } days
    }, until { $date }
panel-create-summary-limits = Traffic: { $traffic } · Devices: { $devices }
panel-create-yes = ✅ Create
panel-create-use-buttons = Please tap Create or Cancel above.
panel-ask-days = 📅 Term in <b>days counted from today</b>, e.g. 30.
panel-ask-gb = 📦 Traffic limit in <b>GB</b>, e.g. 50 or 2.5. Send <code>0</code> for unlimited.
panel-ask-devices = 📱 Device limit, a whole number. Send <code>0</code> for unlimited.
panel-created = ✅ Client <b>{ $name }</b> is created on every chosen location.
panel-created-partly = ⚠️ Client <b>{ $name }</b> is not created on every chosen location yet.
panel-created-terms = Term: until { $date } · Traffic: { $traffic } · Devices: { $devices }
panel-create-row-created = • { $location } (inbounds { $inbounds }): ✅ created
panel-create-row-exists = • { $location } (inbounds { $inbounds }): ✅ already there
panel-create-row-failed = • { $location } (inbounds { $inbounds }): ❌ { $error }
panel-create-taken = another client is already called <b>{ $name }</b> there (with another UUID).
panel-create-not-atomic = Creating on several locations is not atomic. Tap “Complete missing locations” to create the client only where it is still missing.
panel-btn-complete = 🔁 Complete missing locations
panel-create-plan-gone = This create is too old to complete. Create the client again.

## Catalog

admin-catalog = 📦 Catalog
catalog-title = 📦 <b>Catalog</b> · { $currency } · { $count ->
    [one] { $count } plan
   *[other] { $count } plans
  }
catalog-plan = • <b>{ $title }</b> (<code>{ $id }</code>): { $price } · { $days } d · traffic { $traffic } · devices { $devices }
    { $backend }
catalog-backend-xui = xui servers { $servers }
catalog-backend-panel = panel locations { $locations }
catalog-backend-node = master node
catalog-trial = 🎁 Trial: { $days } d, { $traffic }, on plan { $plan }
catalog-no-trial = No free trial is offered.
catalog-file = File: <code>{ $file }</code>
catalog-reload = 🔄 Reload from the file
catalog-reloaded = ✅ Reloaded: { $count ->
    [one] { $count } plan
   *[other] { $count } plans
  } on sale now.
catalog-reload-failed = ⚠️ The file was not loaded; the plans below stay on sale. Reason: { $error }
catalog-off-sale-title = ⛔ <b>Not on sale</b>: their backend's settings are empty, so they could not be delivered (see .env.example).
catalog-off-sale-plan = • <b>{ $title }</b> (<code>{ $id }</code>): needs { $settings }
catalog-off-sale-trial = 🎁 The free trial is off: its plan <code>{ $plan }</code> is not on sale.

## Customer cabinet (Mini App): the page's strings (webapp-*) and the buttons that open it
menu-cabinet = 📱 My cabinet
webapp-menu-button = My VPN
webapp-title = My VPN
webapp-open-in-telegram = Open this page from the bot in Telegram (the “My cabinet” button).
webapp-session-expired = This session has expired: close the cabinet and open it again from the bot.
webapp-blocked = Your account is blocked. Please contact the shop.
webapp-error = Something went wrong. Please try again.
webapp-tab-subscriptions = Subscriptions
webapp-tab-buy = Buy
webapp-tab-wallet = Wallet
webapp-traffic = Traffic
webapp-devices = Devices
webapp-locations = Locations
webapp-usage-title = Usage, last 30 days
webapp-usage-none = No usage recorded yet.
webapp-connect = Connect
webapp-hide = Hide
webapp-renew = Renew
webapp-subscription-url = Subscription URL
webapp-links = Links
webapp-copy = Copy
webapp-copied = Copied
webapp-qr-hint = Scan the QR code with the VPN app.
webapp-howto-title = How to connect
webapp-howto = Install one of the apps, then tap “Add to app”, or copy the subscription URL and import it from the clipboard (➕ → Import from clipboard).
webapp-open-in-app = Add to app
webapp-get-app = Get the app
webapp-platform-android = Android
webapp-platform-ios = iPhone and iPad
webapp-platform-windows = Windows
webapp-platform-macos = macOS
webapp-platform-linux = Linux
webapp-plans-title = Plans
webapp-buy = Buy
webapp-pay-wallet = Pay from the balance
webapp-pay-invoice = Pay by invoice
webapp-insufficient = The balance does not cover it: pay by invoice.
webapp-refused = This cannot be bought or renewed now.
webapp-undeliverable = The shop cannot deliver this right now, so nothing was charged. Please try again later.
webapp-order-awaiting = Waiting for the payment…
webapp-order-paid = Payment received: setting up your access…
webapp-order-active = ✅ Done: your access is ready.
webapp-order-failed = The order failed: the money went back to your wallet.
webapp-order-closed = The order was closed without payment.
webapp-balance = Balance
webapp-topup-title = Top up
webapp-history-title = History
webapp-history-empty = No movements yet.
webapp-prev = ‹ Newer
webapp-next = Older ›
webapp-days-left = { $days ->
    [one] { $days } day left
   *[other] { $days } days left
  }
webapp-until = until { $date }
webapp-traffic-of = { $used } of { $limit }
webapp-traffic-unlimited = Unlimited, { $used } used
webapp-traffic-unlimited-unused = Unlimited, nothing used yet
webapp-traffic-unknown = not known right now
webapp-page = { $page } of { $pages }

## Referrals: the customer's invite screen and the admins' section
invite-title =
    <b>🤝 Invite friends</b>

    Your personal link:
    <code>{ $link }</code>

    { $terms }

    Joined with your link: <b>{ $joined }</b>
    Of them paid: <b>{ $paid }</b>
    You earned: <b>{ $earned }</b>
invite-terms-percent = 💸 You get { $percent }% of every payment of each friend you invite, to your wallet.
invite-terms-percent-first = 💸 You get { $percent }% of the first { $payments ->
    [one] payment
   *[other] { $payments } payments
} of each friend you invite, to your wallet.
invite-terms-bonus = 🎁 Your friends get { $days ->
    [one] { $days } extra day
   *[other] { $days } extra days
} on their first purchase.
invite-off = Invitations are not running right now.
invite-qr = 📷 QR code
invite-qr-caption = Your invite link: { $link }
invite-welcome = 🤝 You came with an invitation from a friend.
invite-welcome-bonus = 🤝 You came with an invitation from a friend: your first purchase gets { $days ->
    [one] { $days } extra day
   *[other] { $days } extra days
}.
referral-order-days = 🤝 Invited by a friend: +{ $days ->
    [one] { $days } bonus day
   *[other] { $days } bonus days
} with this first purchase
admin-referrals-title = <b>🤝 Referrals</b>: { $state }
admin-referrals-terms = Catalog: { $percent }% of each payment to the inviter · rewarded payments per friend: { $payments ->
    [0] all
   *[other] the first { $payments }
} · bonus days on the first purchase: { $days }
admin-referrals-no-terms = The catalog has no <code>referral:</code> section, so nobody is invited or rewarded.
admin-referrals-top = <b>Top inviters</b> (joined · paid · earned):
admin-referrals-none = Nobody has earned from an invitation yet.
admin-referrals-row = { $place }. { $name } (<code>{ $id }</code>): { $joined } · { $paid } · <b>{ $earned }</b>{ $lost }
admin-referrals-lost = , { $lost } not recovered after refunds
admin-referrals-turn-off = ⛔ Turn referrals off
admin-referrals-turn-on = ✅ Turn referrals on
admin-referrals-now-on = Referrals are on.
admin-referrals-now-off = Referrals are off: no new invitations, rewards or bonus days.

## Term changes: an admin's change of a customer's subscription takes its turn

term-change-now = ✅ The term of <b>{ $name }</b> now ends { $to } (it ended { $from }).
term-change-queued = ⏳ A paid renewal of this customer's subscription is being applied first. Your change of <b>{ $name }</b> ({ $mode ->
    [add] { $days ->
        [one] +{ $days } day
       *[other] +{ $days } days
    }
   *[set] the term set to a date
}) waits for it and is applied right after it; you will get a message then.
term-change-retrying = ⏳ The hosting side did not answer the change of <b>{ $name }</b>. It keeps its turn and is tried again by itself (the subscription's renewals wait for it); you will get a message when it is applied.
term-change-refused = ❌ The hosting side refused the change of <b>{ $name }</b>: { $reason }. Nothing was changed.
term-change-overrides = ⚠️ It sets the date over { $count ->
    [one] { $count } paid renewal
   *[other] { $count } paid renewals
} still being applied ({ $orders }): { $count ->
    [one] it is applied first, then this date replaces the days it added.
   *[other] they are applied first, then this date replaces the days they added.
}
term-change-applied = ✅ An admin's change of subscription { $subscription } ({ $mode ->
    [add] { $days ->
        [one] +{ $days } day
       *[other] +{ $days } days
    }
   *[set] the term set to a date
}) was applied after the changes before it: the term now ends { $expiry }.
term-change-failed = ❌ An admin's change of subscription { $subscription } could not be applied: { $reason }. Nothing was changed.

## Cabinet API limits (issue 23: the Mini App's request budgets)
webapp-rate-limited = Too many requests at once. Please wait a few seconds, then try again.

## Flood limit (issue 23): the toast answering a button press dropped over the limit
rate-limited-toast = Slow down, please: wait a few seconds.

## Issue 24, item 6 (second half): server screens and outage notices
my-status-outage = 🔴 not working: its server is down
my-outage-note = ⚠️ The server of this access has been down since { $since }. We are working on it and will tell you as soon as it is back; your links stay the same.
outage-offline-plans = ⚠️ Your VPN is not working at the moment: your { $count ->
        [one] subscription { $plans } is
       *[other] subscriptions { $plans } are
    } unreachable. We are working on it and will tell you as soon as it is back.
outage-offline-plans-at = ⚠️ Your VPN is not working at the moment: your { $count ->
        [one] subscription { $plans } is
       *[other] subscriptions { $plans } are
    } unreachable ({ $locations }). We are working on it and will tell you as soon as it is back.
watch-open-server = 🖥 Open server
owners-stop-note = They lose the VPN until the server is started again; after the outage grace (Settings) they are told it is down, and told again when it is back.
servers-days-left-soon = ⚠️ { $days ->
    [one] { $days } day left
   *[other] { $days } days left
}
settings-cost-learned = { $price }, learned { $date } from server <b>{ $name }</b> (#{ ID($id) }); the alert uses it over the cost above
settings-cost-learned-none = not seen yet (no extension from this bot)
xui-open-customer = 👤 Customer: { $who }

## Plan editor (issue 24, item 7: plans editable from the bot)
plans-button = ✏️ Edit plans
plans-title = ✏️ <b>Plans</b>: { $count ->
    [one] { $count } plan
   *[other] { $count } plans
  }. Tap one to change it. Changes made here are kept over the catalog file; export them to make the file match.
plans-line = • <b>{ $title }</b> (<code>{ $id }</code>): { $price } · { $status }{ $edited }
plans-status-on = on sale
plans-status-retired = retired
plans-status-unsold = off sale here (settings missing)
plans-edited = {" "}· ✏️ edited in the bot
plans-add = ➕ Add a plan
plans-export = 📄 Export as YAML
plans-export-caption = The catalog in force, plans changed in the bot included. Put it in place of { $file } to make the file match the bot.
plans-to-catalog = « Catalog
plans-back = « Plans
plans-gone = This plan is no longer in the catalog.
plans-card =
    <b>Plan</b> <code>{ $id }</code> · { $status }
    Title (en): { $en }
    Title (ru): { $ru }
    Price: { $price }
    Term: { $days } d · traffic { $traffic } · devices { $devices }
plans-preview-title = 👁 <b>How customers see it:</b>
plans-retired-note = 🚫 Retired: new customers cannot buy it; subscriptions bought on it keep renewing on its terms.
plans-edited-note = ✏️ Changed in the bot (version { $version }); the catalog file still has its own version of it.
plans-edit-price = 💰 Price
plans-edit-days = 📅 Days
plans-edit-title-en = 🇬🇧 Title (en)
plans-edit-title-ru = 🇷🇺 Title (ru)
plans-edit-traffic = 📶 Traffic
plans-edit-devices = 📱 Devices
plans-retire = 🚫 Retire (stop selling)
plans-unretire = ✅ Put back on sale
plans-now-retired = 🚫 <code>{ $id }</code> is retired: no longer sold; its subscriptions keep renewing.
plans-now-on-sale = ✅ <code>{ $id }</code> is on sale again.
plans-ask-price = Send the new price in { $currency } (e.g. 150 or 99.5).
plans-ask-title-en = Send the title in English (up to 64 characters).
plans-ask-title-ru = Send the title in Russian (up to 64 characters).
plans-ask-days = Send the term in days (a whole number from 1).
plans-ask-traffic = Send the traffic in GB (0 = unlimited).
plans-ask-devices = Send the number of devices (0 = unlimited).
plans-ask-id = Send the new plan's id: 1-32 characters of a-z, 0-9, _ and -, not used by another plan.
plans-ask-backend = Which plan's servers does it use? Send that plan's id: { $ids }.
plans-invalid-value = That does not fit: send it as the question asks.
plans-preview-head = Check the plan, then save it.
plans-save = 💾 Save
plans-press-save = Press Save or Cancel.
plans-saved = ✅ Saved (version { $version }).
plans-save-invalid = ⚠️ Not saved: { $error }
plans-changed-meanwhile = ⚠️ Not saved: another admin changed this plan meanwhile. Here it is as it is now.
catalog-differ-title = ✏️ <b>The file and the bot differ</b> on these plans. The bot's version is in force until you choose:
catalog-differ-plan = • <code>{ $id }</code>: { $why }
catalog-differ-both = changed in the bot and in the file since
catalog-differ-bot = changed in the bot; the file still has the old version
catalog-differ-added = added in the bot; not in the file
catalog-use-file = 📄 File wins: { $id }
catalog-keep-bot = ✏️ Bot wins: { $id }
catalog-took-file = ✅ <code>{ $id }</code>: the file's version is in force now.
catalog-kept-bot = ✅ <code>{ $id }</code>: the bot's version stays in force.

## Customer screens (issue 24, items 2-4): the trial's own title, ways on from every screen
command-promo = Enter a promo code
sub-title-trial = Free trial · { $days ->
    [one] { $days } day
   *[other] { $days } days
}, { $traffic }
sub-title-trial-open = Free trial · { $traffic }
my-trial-buy = 🛒 Choose a plan
buy-cancelled-renewal = Renewal cancelled. Nothing was charged; your subscription keeps its term.
buy-renewal-back = 🔑 Back to the subscription
webapp-trial-buy = Choose a plan

## Issue 24, item 1 (sell only what can be delivered): orders the hosting side cannot deliver now
undeliverable-server-short = { $kind ->
    [renewal] This renewal
   *[other] This plan
} cannot be delivered right now: no server of its location is paid until { $needed }. Nothing was charged. The admins have been told; please try again later.
undeliverable-location-down = { $kind ->
    [renewal] This renewal
   *[other] This plan
} cannot be delivered right now: one of its locations is not reachable. Nothing was charged. The admins have been told; please try again later.
undeliverable-client-gone = Your access is no longer on the server, so it cannot be renewed. Nothing was charged; please buy a new plan or contact support.
buy-renewal-moves = 🔁 The server your access is on is not paid for the whole new term, so this renewal moves it to another server of the same location: you get new links, and the old ones stop working.
invoice-refused-undeliverable = This order cannot be delivered right now, so nothing was charged. Please try again later.
alert-undeliverable-server = ⚠️ Not sold: { $kind ->
    [renewal] a renewal
   *[other] a purchase
} of «{ $plan }» for { $customer }.
    Server <b>{ $server }</b> (#{ ID($id) }) is paid until { $paid }, but the term would run until { $needed }. Auto-extension is { $auto ->
        [on] on, and could not extend it (see the balance)
       *[other] off
    }. Extend the server to sell it again.
alert-undeliverable-no-server = ⚠️ Not sold: { $kind ->
    [renewal] a renewal
   *[other] a purchase
} of «{ $plan }» for { $customer }: none of the plan's servers is an active xui server.
alert-undeliverable-location = ⚠️ Not sold: { $kind ->
    [renewal] a renewal
   *[other] a purchase
} of «{ $plan }» for { $customer }: panel location { $location } is not connected to the main panel or is offline.
alert-undeliverable-gone = ⚠️ Not sold: a renewal of «{ $plan }» for { $customer }: its client is no longer on the hosting side.
alert-extend-server = ⏫ Extend server
failure-server-short = server { $server } (#{ ID($id) }) is paid only until { $paid }, before the term's end { $needed }: extend the server
refund-back-stars = { $amount } went back to your Telegram Stars
refund-back-split = { $stars } went back to your Telegram Stars and { $wallet } to your wallet
refund-back-wallet = { $amount } went back to your wallet
delivery-failed-back = 😔 We could not set up your VPN access. { $back }. The admins have been told.
renewal-failed-back = 😔 We could not renew «{ $plan }». { $back }. Your subscription keeps its current term, until { $date }; the admins have been told.
gift-failed-back = 😔 Your gift ({ $plan }) was claimed, but we could not set up the access. { $back }. The admins have been told.
alert-order-stars-back = 💫 { $stars } were sent back to the customer's Telegram Stars.

## Issue 24, part c (money screens and back office): history lines in the customer's words
history-what-paid = { $what } · { $paid }
history-gift = 🎁 Gift: { $plan }
history-renewal = Renewal: { $plan }
history-refund = Refund: { $plan }
history-gift-refund = Gift refunded: { $plan }
history-paid-balance = from the balance
history-paid-stars = paid by Stars
history-paid-card = paid by card
history-paid-stars-part = paid by Stars ({ $charge }) and from the balance ({ $rest })
history-paid-card-part = paid by card ({ $charge }) and from the balance ({ $rest })
gift-cancel-confirm = Cancel the gift <b>{ $plan }</b>?

{ $amount } goes back to your wallet, and the link stops working: whoever you sent it to can no longer claim it.
gift-cancel-yes = ✖ Yes, cancel and refund { $amount }
gift-cancel-keep = « Keep the gift
customers-order-kind-gift = gift
customers-order-kind-gift-for = gift for <code>{ $id }</code>
admin-referrals-state-unset = ⚪ not set up
admin-referrals-off-means = Switched off: links invite nobody, and no rewards or bonus days are given until you switch them on again.
admin-referrals-nobody-yet = No one has joined with an invitation yet: customers find their link under 🤝 Invite friends.
admin-referrals-nobody = No one has joined with an invitation.
admin-referrals-figures = Joined with an invitation: <b>{ $joined }</b>, from { $inviters ->
    [one] { $inviters } inviter
   *[other] { $inviters } inviters
} · paid: <b>{ $paid }</b> · rewards: <b>{ $earned }</b>
promo-admin-plans-all = 🌐 All plans
promo-admin-plans-go = ✅ Continue
promo-admin-plans-none = Tap at least one plan, or choose 🌐 All plans.
promo-admin-button-yes = ✅ Yes
promo-admin-button-no = ❌ No
broadcast-audience-expired = ⌛ Subscription expired
broadcast-audience-never = 🆕 Never bought
broadcast-audience-trial = 🎁 Trial only
broadcast-audience-plan = 📦 { $plan }
broadcast-to-expired = customers whose subscription expired
broadcast-to-never = customers who never bought
broadcast-to-trial = customers who only had the trial
broadcast-to-plan = customers with an active { $plan }
broadcast-ask-buttons = 🔗 Add link buttons under the message? Send one a line, as <code>Label - https://link</code> (up to { $max }), or tap ⏭ No buttons.
broadcast-no-buttons = ⏭ No buttons
broadcast-buttons-invalid = Please send each button on its own line as <code>Label - https://link</code> (an https:// or tg:// link, a label of up to 64 characters, at most { $max } buttons), or tap ⏭ No buttons.

## Cabinet page (issue 25): the page's own labels (src/webapp/strings.ts lists them)

webapp-tab-more = More
webapp-retry = Try again
webapp-offline = No connection. Check the internet and try again.
webapp-cancel = Cancel
webapp-empty-title = Welcome! You have no VPN yet.
webapp-empty-trial = Try it free first, or pick a plan below: the access arrives in seconds.
webapp-empty-plans = Pick a plan below: the access arrives in seconds, with links and a QR code.
webapp-plans-choose = Choose a plan
webapp-trial-start = Try free
webapp-trial-free = Free
webapp-trial-used = You have already used the free trial.
webapp-gift-buy = 🎁 As a gift
webapp-confirm-term = Term
webapp-confirm-price = Price
webapp-confirm-promo = Promo code
webapp-confirm-balance-after = Balance after
webapp-confirm-by-invoice = To pay by invoice
webapp-confirm-gift = 🎁 A gift: after paying you get a link to send to a friend.
webapp-order-paying = Paying from the balance…
webapp-invoice-cancelled = The invoice was not paid. Nothing was charged.
webapp-gift-ready = 🎁 Paid: your gift link is ready below. Send it to the friend.
webapp-promo-title = Have a promo code?
webapp-promo-placeholder = PROMO CODE
webapp-promo-hint = Enter it here before choosing a plan.
webapp-promo-noted = The code is checked on the next order and its discount shown before you pay.
webapp-usage-peak = busiest day
webapp-usage-no-reading = no reading
webapp-topup-amount = Other amount
webapp-topup-go = Top up
webapp-topup-bounds = Amount from
webapp-topup-invalid = Enter an amount within the limits shown below.
webapp-topup-waiting = Paid: waiting for the money to arrive…
webapp-topup-done = ✅ The balance is topped up.
webapp-invite-title = Invite friends
webapp-invite-share = Share the link
webapp-invite-share-text = A fast VPN right in Telegram: join with my link.
webapp-gifts-title = Gifts
webapp-gifts-none = You have not given any gifts yet.
webapp-gift-new = Give a plan as a gift
webapp-gift-cancel = Cancel the gift
webapp-gift-cancel-confirm = Cancel this gift? Its link stops working.
webapp-gift-cancel-yes = Yes, cancel it
webapp-gift-not-cancellable = This gift can no longer be cancelled.
webapp-status-title = Service status
webapp-status-none = No locations yet: they show here once you have a subscription.
webapp-notices-title = Notices
webapp-notices-none = No notices: everything has been running fine.
webapp-language-title = Language
webapp-support-title = Support
webapp-support-text = A question or a problem? Write to us, we will help.
webapp-support-write = Write to

## Cabinet API (issue 25)
webapp-trial-offer-title = Free trial
webapp-summary-days-bonus = { $days } + { $bonus ->
    [one] { $bonus } bonus day
   *[other] { $bonus } bonus days
}
webapp-summary-promo-off = Promo code { $code }: −{ $off }
webapp-summary-percent = { $percent } %
webapp-summary-promo-days = Promo code { $code }: +{ $days ->
    [one] { $days } bonus day
   *[other] { $days } bonus days
}
webapp-gift-state-waiting = Waiting to be claimed, the link works until { $date }
webapp-gift-state-claimed = Claimed on { $date }
webapp-gift-state-cancelled = Cancelled on { $date }, refunded
webapp-gift-state-expired = Expired on { $date }, refunded
webapp-gift-refund-text = { $amount } back to your balance
webapp-gift-refunded-text = Gift cancelled: { $amount } went back to your balance.
webapp-invite-joined-text = { $count ->
    [one] { $count } friend joined
   *[other] { $count } friends joined
}
webapp-invite-paid-text = { $count ->
    [one] { $count } of them paid
   *[other] { $count } of them paid
}
webapp-invite-earned-text = Earned: { $amount }
webapp-location-up = Working
webapp-location-degraded = Possible problems
webapp-location-down = Not working
webapp-location-since = since { $date }

## Service status (/status, issue 31)
status-title = 📡 <b>Service status</b>
status-empty = You have no active subscription, so there is nothing to check yet. Pick a plan to get started.
status-line-up = 🟢 <b>{ $name }</b>: working
status-line-degraded = 🟡 <b>{ $name }</b>: possible problems
status-line-down = 🔴 <b>{ $name }</b>: not working
status-since = since { $date }
status-checked = checked { $ago }
status-checked-never = not checked yet
status-ago-now = just now
status-ago-minutes = { $n } min ago
status-ago-hours = { $n } h ago
status-ago-days = { $n } d ago
status-notices-title = 🔔 <b>Notices sent to you</b>
status-notices-none = No notices: everything has been running fine.
status-open = 📡 Service status

## Issue 26: Maintenance mode
maintenance-closed = 🛠 The shop is closed for maintenance.
maintenance-auto-reason = Our hosting provider is not answering right now. Purchases and renewals open again by themselves as soon as it is back.
maintenance-until = Expected back: { $date }.
maintenance-still-open = You can still open your subscriptions, their links and your wallet. Payments already made are safe: what you paid for arrives as usual.
maintenance-alert = 🛠 The shop is closed for maintenance.
maintenance-section = 🛠 Maintenance
maintenance-admin-title = 🛠 <b>Maintenance</b>
maintenance-admin-open = ✅ The shop is open to customers.
maintenance-admin-closed-manual = 🛠 Closed to customers since { $since }, { $until }.
maintenance-admin-no-end = until you open it
maintenance-admin-ends = until { $date } (then it opens by itself)
maintenance-admin-message = Message to customers: { $message }
maintenance-admin-message-none = Message to customers: the standard text.
maintenance-admin-closed-auto = 📡 Closed to customers automatically: the hosting API has not answered since { $since }. It opens by itself when the hosting answers again.
maintenance-admin-ended = The last maintenance ended by itself at { $date }.
maintenance-admin-unreachable = 📡 The hosting API has not answered since { $since }.
maintenance-admin-auto-off = Automatic maintenance: ⛔ off. A hosting outage keeps the shop open: orders wait for the hosting and customers are told of the delay.
maintenance-admin-auto-on = Automatic maintenance: ✅ after { $minutes } min without an answer from the hosting API; the shop opens again when it answers.
maintenance-admin-works = <i>While the shop is closed, admins work as usual, payments are credited and orders delivered, reminders and alerts go on; customers can still open their subscriptions and wallet.</i>
maintenance-open-button = ✅ Open the shop now
maintenance-change-button = ✏️ Change the message or end
maintenance-close-button = 🛠 Close the shop for maintenance
maintenance-auto-choice-off = Auto: off
maintenance-auto-choice = { $minutes } min
maintenance-settings-button-off = 🛠 Maintenance (automatic: off)
maintenance-settings-button-on = 🛠 Maintenance (automatic after { $minutes } min)
maintenance-now-open = The shop is open again.
maintenance-already-open = That maintenance has ended already.
maintenance-auto-set = Automatic maintenance after { $minutes } min.
maintenance-auto-set-off = Automatic maintenance is off.
maintenance-ask-message = ✏️ Send the message customers will read while the shop is closed (up to { $max } characters), or keep the standard text.
maintenance-standard-text = 📝 Standard text
maintenance-message-too-long = That is { $length } characters; up to { $max } fit. Send a shorter message.
maintenance-end-hours = { $hours } h
maintenance-end-none = No end time
maintenance-ask-end = ⏱ For how long? When the time is up the shop opens by itself.
maintenance-choose-end = Choose one of the buttons above, or Cancel.
maintenance-closed-done = 🛠 The shop is closed to customers.
maintenance-auto-on-admins = 📡 The hosting API has not answered since { $since } ({ $duration }): the shop is closed to customers automatically. Payments are still credited and orders wait for the hosting. It opens by itself when the hosting answers again.
maintenance-auto-off-admins = ✅ The automatic maintenance has ended: the shop is open to customers again (it was closed for { $duration }).
webapp-maintenance = The shop is closed for maintenance.
maintenance-auto-chosen = ✓ { $choice }

## Issue 26: required channel membership (the channel gate)
gate-needed-trial = 📣 To get the free trial, join our channel first:
gate-needed-purchase = 📣 To buy a plan, join our channel first:
gate-needed-claim = 📣 To claim this gift, join our channel first:
gate-trial-paused = ⏸ Your free trial is paused: you left our channel. Join it again to use the trial:
gate-then-check = Then press <b>✅ Check</b>.
gate-join = ➕ Join { $title }
gate-check = ✅ Check
gate-still-out = You have not joined yet: { $channels }
gate-trial-resumed = ▶️ Your free trial is on again. Thank you for staying with us!
gate-all-joined = You are in every channel. Thank you!
gate-admin-cannot-read =
    ⚠️ <b>Required channel: the bot cannot see its members</b>
    { $title } ({ $id }): { $reason }
    Make the bot an admin of the channel. Until then it holds nobody back: customers get through unchecked.
gate-settings-button = 📣 Required channels
gate-admin-title = 📣 <b>Required channels</b>
gate-admin-coverage = Required for: { $coverage }
gate-coverage-trial = the free trial only
gate-coverage-purchases = the trial and new purchases
gate-coverage-all = everything but renewals
gate-admin-none = No channels yet: nobody is asked to join anything.
gate-admin-no-link = No join link for: { $channels }. Give the bot the right to invite users, then add the channel again.
gate-admin-help = Customers join with the buttons and press Check. Renewals, My subscriptions, the access itself and the wallet are never held back. A trial whose owner leaves a channel is paused until they come back.
gate-admin-remove = ✖️ Remove { $title }
gate-admin-add = ➕ Add a channel
gate-admin-back = « Settings
gate-admin-coverage-set = Now required for { $coverage }.
gate-admin-removed = { $title } is no longer required.
gate-admin-ask = Send the channel or group: its @username, a t.me link, or its numeric id (for example -1001234567890). The bot must be its admin.
gate-admin-ask-invalid = That is not a channel. Send @username, t.me/username or a numeric id such as -1001234567890.
gate-admin-added = ✅ { $title } added.
gate-admin-updated = ✅ { $title } was already on the list: its title and link are updated.
gate-admin-not-admin = ⚠️ The bot is not an admin of { $title }, so it cannot see who joined. Make the bot an admin there, then add it again.
gate-admin-full = The list is full ({ $max } channels). Remove one first.
gate-admin-not-channel = That is a private chat with a person, not a channel or group.
gate-admin-unavailable = Telegram did not answer. Try again in a minute.
gate-admin-not-found = Telegram knows no such channel, or the bot is not in it. Add the bot to the channel as an admin, then try again.
webapp-gate-needed = Join these channels first, then press Check.
webapp-gate-join = Join
webapp-gate-check = Check
webapp-gate-still-out = You have not joined all of them yet.
webapp-gate-resumed = Your free trial is on again.

## Issue 26: auto-renew from the balance
autorenew-state-on = 🔁 Auto-renew: on, from your balance { $days ->
    [one] { $days } day
   *[other] { $days } days
} before expiry
autorenew-state-off = 🔁 Auto-renew: off
autorenew-turn-on = 🔁 Turn auto-renew on
autorenew-turn-off = ⏹ Turn auto-renew off
autorenew-now-on = Auto-renew is on: the renewal is paid from your balance shortly before expiry.
autorenew-now-off = Auto-renew is off.
autorenew-unavailable = This subscription cannot renew itself (a free trial, or no longer renewable).
autorenew-list-mark = 🔁 auto-renew
autorenew-short = 🔁 <b>{ $plan }</b> is due to renew itself from your balance, but the balance ({ $balance }) does not cover its price ({ $price }). Top up and it renews at once; otherwise it ends { $date }.
autorenew-topup-button = 💳 Top up { $amount }
autorenew-renewed = 🔁 <b>{ $plan }</b> was renewed automatically from your balance: { $price }.
autorenew-settings-line = Customers' auto-renew runs: { $days ->
    [one] { $days } day
   *[other] { $days } days
} before expiry (never earlier than the plan's own term)
autorenew-settings-edit = 🔁 Change when auto-renew runs
autorenew-settings-ask = 🔁 How many days before expiry should a subscription with auto-renew on be renewed from its owner's balance? Send a whole number from { $min } to { $max }.
autorenew-settings-invalid = Send a whole number of days from { $min } to { $max }.
webapp-autorenew = Auto-renew from the balance
webapp-autorenew-on-text = Renews itself from your balance { $days ->
    [one] { $days } day
   *[other] { $days } days
} before expiry.
webapp-autorenew-off-text = Off: renew it yourself before it ends.

## Issue 26: traffic packs
pack-title = +{ $gb } for { $plan }
pack-button = ➕ { $gb } for { $price }
buy-confirm-pack =
    🚀 <b>Traffic pack</b>
    Subscription: <b>{ $plan }</b>
    Adds: <b>{ $gb }</b>
    Price: <b>{ $price }</b>
    Wallet balance: { $balance }
pack-rule = Traffic for this term: { $current } now, <b>{ $next }</b> with this pack, until { $until }. The expiry does not change.
pack-pending = { $count ->
    [one] ⏳ A traffic pack you paid earlier is still being added: this one comes on top of it.
   *[other] ⏳ { $count } traffic packs you paid earlier are still being added: this one comes on top of them.
}
pack-renewal-note = A renewal gives the plan's { $plan } afresh for its new term: pack traffic you have not used by then does not carry over.
buy-paid-pack = ✅ Paid { $price } from your balance (balance now { $balance }). Adding the traffic, this takes a few seconds…
pack-cancelled = Traffic pack cancelled. Nothing was charged; your subscription is as it was.
pack-not-offered = This traffic pack is not offered for this subscription (any more). Open the subscription again to see what is.
pack-refused-removed = This subscription was removed by the shop's admins, so no traffic can be added to it.
pack-refused-disabled = This subscription is blocked by the shop's admins, so no traffic can be added now and nothing was charged. Please contact support.
pack-refused-disabled-support = This subscription is blocked by the shop's admins, so no traffic can be added now and nothing was charged. Please contact support: { $contact }.
pack-promo-not-applicable = Promo codes apply to plans and renewals, not to traffic packs: this order keeps its price.
undeliverable-pack-client-gone = Your access is no longer on the server, so no traffic can be added to it. Nothing was charged; please buy a new plan or contact support.
undeliverable-pack-location-down = This traffic pack cannot be added right now: one of your access's locations is not reachable. Nothing was charged. The admins have been told; please try again later.
alert-undeliverable-pack-location = ⚠️ Not sold: a traffic pack for «{ $plan }» for { $customer }: panel location { $location } is not connected to the main panel or is offline.
alert-undeliverable-pack-gone = ⚠️ Not sold: a traffic pack for «{ $plan }» for { $customer }: its client is no longer on the hosting side.
pack-delivered =
    🚀 <b>{ $gb } added: { $plan }</b>
    Traffic for this term is now { $allowance }, until { $until }.
delivery-delayed-pack = ⏳ Your traffic pack is taking longer than usual: the hosting side is not answering yet. Your payment is safe: the traffic will be added by itself and you will get a message here, or the money goes back to your wallet.
pack-failed = 😔 We could not add the traffic pack to «{ $plan }». { $amount } went back to your wallet; your subscription is as it was. The admins have been told.
pack-failed-back = 😔 We could not add the traffic pack to «{ $plan }». { $back }. Your subscription is as it was; the admins have been told.
alert-pack-failed = ⚠️ Traffic pack { $order } for subscription { $subscription } failed: { $what }. Customer { ID($customer) }, plan { $plan }; { $amount } refunded to the wallet, the subscription is as it was. Details are in the log.
invoice-pack-title = VPN traffic pack
wallet-kind-pack = Traffic pack
customers-kind-pack = traffic pack
customers-order-kind-pack = traffic pack
history-pack = Traffic pack: { $plan }
stats-col-pack = Pack
stats-legend-packs = <i>Pack: traffic packs (their revenue counts too).</i>
catalog-plan-packs = 📦 Traffic packs: { $packs }
traffic-button-packs = ➕ Add traffic
webapp-packs-title = Add traffic for this term
webapp-confirm-pack = Adds
webapp-pack-added = ✅ Done: the traffic is added.
webapp-pack-not-offered = This traffic pack is not offered for this subscription any more.
webapp-summary-pack = { $gb }: { $current } → { $next } this term
webapp-summary-pack-term = Expiry stays: { $until }

## Issue 27: payment rails (CryptoBot, YooKassa)
rail-paid-order = ✅ { $rail }: your payment of { $amount } arrived. Your order is paid and being prepared now.
rail-paid-topup = ✅ { $rail }: your payment of { $amount } arrived and is in your wallet (balance { $balance }).
rail-paid-promo-refused = ✅ { $rail }: your payment of { $amount } arrived, but the order's promo code could no longer be used, so the order was cancelled. The money is in your wallet (balance { $balance }).
rail-paid-mismatch = ⚠️ { $rail }: we received { $amount }, which is not what the order asked. So it did not pay the order: it is in your wallet (balance { $balance }), and the shop's staff have been told.
rail-paid-held = ⚠️ { $rail }: we received a payment in { $currency }, a currency the shop does not sell in. Nothing was credited yet: the shop's staff will look at it and contact you.
refund-back-rail = { $amount } went back to you through { $rail }
refund-back-rail-split = { $amount } went back to you through { $rail } and { $wallet } to your wallet
alert-order-rail-back = 💳 { $amount } were sent back to the customer through { $rail }.
alert-rail-mismatch = ⚠️ A { $rail } payment of { $amount } from customer { $customer } did not match what was asked, so it paid nothing: it is on their balance. Admin → Payments lists it.
alert-rail-held = ⚠️ A { $rail } payment of { $amount } from customer { $customer } came in a currency the shop does not sell in: nothing was credited. Admin → Payments lists it; settle it with the customer.
wallet-kind-rail-refund = Sent back through the payment service
customers-kind-rail-refund = payment service refund

## Issue 27: payment rails in the cabinet
webapp-pay-rail = Pay with
webapp-confirm-due = To pay
webapp-rail-unavailable = Unavailable right now
webapp-rail-email-title = Your e-mail for the receipt
webapp-rail-email-hint = The payment service sends the receipt for this payment to it.
webapp-rail-email-save = Continue
webapp-rail-email-bad = This does not look like an e-mail address. Please check it.
webapp-rail-waiting = Pay on the page that has opened, then come back here. The payment is picked up by itself; if it takes long, press “I paid”.
webapp-rail-check = I paid
webapp-rail-open-again = Open the payment page
webapp-rail-not-paid = Not paid yet. If you have just paid, wait a minute and press “I paid” again.
webapp-rail-closed = This payment was closed without being paid. Choose a way to pay again.
webapp-rail-to-balance = The payment arrived, but not for the amount the order asked: it is in your wallet, and the staff have been told.
webapp-rail-held = The payment arrived in a currency the shop does not sell in: nothing is credited yet, the staff will contact you.
webapp-rail-refused = This payment service cannot take the payment right now. Choose another way or try again later.
webapp-topup-how = How would you like to pay?

## Issue 27: payment rails in the chat
rail-pay-button = 💳 Pay { $amount } with { $rail }
rail-off-button = ⏸ { $rail }: unavailable now
rail-unavailable = { $rail } is unavailable right now. Please choose another way to pay, or try again later.
rail-not-offered = This way to pay is no longer offered. Please choose another one.
rail-telegram-off = Paying in Telegram is not available in this shop. Please choose another way to pay.
rail-confirm-short = Your balance is { $missing } short: pay that in one of the ways below, the rest ({ $covered }) comes from your balance.
rail-confirm-due = Pay { $missing } in one of the ways below.
rail-balance-short = Your balance ({ $balance }) no longer covers this order: choose how to pay the rest.
rail-order-pay =
    💳 <b>Payment with { $rail }</b>
    For: <b>{ $item }</b>
    To pay: <b>{ $amount }</b>

    Open { $rail } with the button below and pay there. Your order is paid as soon as { $rail } confirms the payment, and you get a message here. If you have paid and no message came, press «I paid».
rail-topup-pay =
    💳 <b>Top-up with { $rail }</b>
    To pay: <b>{ $amount }</b>

    Open { $rail } with the button below and pay there. The money is in your wallet as soon as { $rail } confirms the payment, and you get a message here. If you have paid and no message came, press «I paid».
rail-open = 🔗 Open { $rail }
rail-paid-button = ✅ I paid
rail-other-ways = « Other ways to pay
rail-start-again = 💳 Choose how to pay
rail-check-credited = ✅ Payment received, thank you!
rail-check-already = This payment has already been received.
rail-check-pending = { $rail } has not confirmed the payment yet. If you have just paid, wait a minute and press «I paid» again.
rail-check-unknown = This payment is no longer known here. Please start again.
rail-check-closed = { $status ->
    [cancelled] ✖ The { $rail } payment was cancelled.
   *[other] ⌛ The { $rail } payment has expired.
} Nothing was charged. You can start again.
rail-topup-choose = 💰 Top-up of <b>{ $amount }</b>: how would you like to pay?
rail-topup-telegram = 💳 Pay { $amount } in Telegram
rail-email-ask = 📧 A receipt for this payment is sent by e-mail, as the law requires. Please send your e-mail address. It is kept for your next payments; you can change it in the wallet.
rail-email-change = 📧 Send the e-mail address for your payment receipts.
rail-email-invalid = That does not look like an e-mail address. Please send one like name@example.com.
rail-email-saved = ✅ Receipts now go to { $email }.
rail-email-missing = We still need your e-mail for the receipt. Please press the payment button again.
rail-wallet-title =
    💰 <b>Your wallet</b>
    Balance: <b>{ $balance }</b>

    Top it up: pick an amount or enter your own, then choose how to pay. You can pay for plans and renewals from the balance.
rail-wallet-email = 📧 E-mail for receipts: { $email }
rail-wallet-no-email = 📧 E-mail for receipts: not given yet (you are asked for it at the first payment that needs it).
rail-wallet-email-change = 📧 Change e-mail
rail-wallet-email-add = 📧 Add e-mail
admin-rails = 🏦 Payments
rails-title = 🏦 <b>Payments</b>
rails-none = No outside payment services are configured.
rails-rail = <b>{ $name }</b> · { $takes }
rails-takes = takes { $currency }
rails-takes-not = ⚠️ does not take { $currency }: not offered to customers
rails-health-up = 🟢 answers (checked { $at })
rails-health-down = 🔴 does not answer (checked { $at }: { $why })
rails-health-unknown = ⚪ not checked yet
rails-today = Today: { $count ->
    [one] { $count } payment
   *[other] { $count } payments
}, { $sum }
rails-choice-line = { $name }: { $value }
rails-choice-assets = Accepted assets
rails-choice-receipts = Receipts by e-mail
rails-flag-on = { $rail }: { $name } ✅ on
rails-flag-off = { $rail }: { $name } ⛔ off
rails-telegram = <b>Telegram</b> · Stars and the payment provider
rails-telegram-off = <b>Telegram</b> · no invoices in this shop's currency (no provider token)
rails-telegram-name = Telegram
rails-check-title = <b>Payments to check</b>: { $count }
rails-check-latest = (the latest { $shown }, newest first)
rails-check-none = none
rails-check-item = { $date } · { $rail } · from <code>{ ID($payer) }</code> · { $amount } · { $why ->
    [amount] mismatch: another amount
    [unknown] mismatch: never asked for
    [currency] held: another currency
   *[other] matches no order
}
rails-last-value = At least one must stay on.
rails-stale = This button is out of date; here is the screen as it is now.

## Issue 28: roles, audit log, staff group, tickets (core)
staff-not-permitted = ⛔ Your staff role does not allow this.

## Issue 28: staff and audit screens
admin-staff = 👥 Staff
admin-audit = 📜 Audit log
staff-role-owner = 👑 owner
staff-role-admin = 🛠 admin
staff-role-support = 🎧 support
staff-role-viewer = 👁 viewer
staff-none = none
staff-title = 👥 <b>Staff</b>
staff-intro =
    Owners are the ids in ADMIN_IDS. They add the others here and give each a role:
    🛠 admin: everything but the staff; 🎧 support: customers and tickets; 👁 viewer: reads customers and the audit log.
staff-line = { $role } · { $name } · <code>{ $id }</code>
staff-add = ➕ Add a staff member
staff-back = ◀️ Staff
staff-back-card = ◀️ Back
staff-card =
    👤 <b>{ $name }</b>
    ID: <code>{ $id }</code>
    Role: { $role }
staff-card-not-staff = 👤 <b>{ $name }</b> (<code>{ $id }</code>) is not on the staff. Give them a role to add them.
staff-owner-unchangeable = Owners come from ADMIN_IDS in the bot's settings and cannot be changed here: edit ADMIN_IDS and restart the bot.
staff-remove = 🗑 Remove from the staff
staff-remove-confirm = Remove <b>{ $name }</b> ({ $role }) from the staff? The admin menu closes to them at once.
staff-remove-yes = ✅ Yes, remove
staff-removed = ✅ { $name } is no longer on the staff.
staff-role-set = ✅ { $name } is now { $role }.
staff-role-same = Already { $role }.
staff-confirm-used = This confirmation was already used or has expired.
staff-add-ask =
    Who joins the staff? Forward any message the person wrote, or send their @username or numeric Telegram id.
    A @username works once they have written to this bot; they must open the bot to hear from it.
staff-add-hidden = That person hides their account in forwarded messages. Send their @username or numeric id instead.
staff-add-not-person = That message was forwarded from a chat or a channel, not from a person. Forward a message the person wrote.
staff-add-bot = A bot cannot be on the staff.
staff-add-invalid = Forward a message from the person, or send a @username or a numeric id.
staff-add-unknown = The bot has not met <b>{ $query }</b> yet. Ask them to open the bot (/start) first, or send their numeric id.
staff-add-owner = { $name } is an owner (ADMIN_IDS): owners cannot be changed here.
staff-add-choose = Which role for <b>{ $name }</b> (<code>{ $id }</code>)? Now: { $role }.
staff-told-added = 👋 You are now on the staff of this shop as { $role }. Send /admin to open your menu.
staff-told-changed = Your staff role is now { $role }. Send /admin to open your menu.
staff-told-removed = You are no longer on the staff of this shop: the admin menu is closed to you.
audit-outcome-done = ✅ done
audit-outcome-refused = ⛔ refused
audit-outcome-failed = ❌ failed
audit-outcome-started = ⏳ started
audit-outcome-unknown = ❔ unknown
audit-line = { $outcome } · { $at } · { $who } ({ $role })
audit-title = 📜 <b>Audit log</b>: { $filter }
audit-filter-all = every entry
audit-filter-actor = by { $name }
audit-filter-subject = about <code>{ $subject }</code>
audit-count = { $total ->
    [one] { $total } entry
   *[other] { $total } entries
} · page { $page } of { $pages }
audit-empty = No entries.
audit-page-prev = ‹ Newer
audit-page-next = Older ›
audit-by-staff = 👤 By staff
audit-by-customer = 🧑 By customer
audit-by-subject = 🏷 By subject
audit-show-all = ✖ Every entry
audit-export = 📤 Export CSV
audit-back = ◀️ Audit log
audit-pick-staff = Whose actions? Pick a staff member:
audit-ask-customer = Send the customer's numeric Telegram id or @username.
audit-customer-invalid = Send a numeric Telegram id or a @username (letters, digits and _).
audit-customer-unknown = No customer matches <b>{ $query }</b>. Send another id or @username.
audit-ask-subject = Send the subject as the log writes it, <code>kind:id</code>: e.g. <code>server:7</code>, <code>customer:42</code>, <code>plan:de</code>, <code>staff:99</code>.
audit-subject-invalid = A subject is a kind and an id with a colon between them, e.g. <code>server:7</code>.
audit-filter-expired = This screen is out of date: here is every entry.
audit-export-started = Preparing the CSV…
audit-export-caption = 📜 Audit log: { $filter } (CSV)
audit-export-failed = The export could not be finished. Please try again later.
## Issue 28: customers and money: roles and audit
customers-btn-write = ✉️ Write to customer
customers-ask-message = ✉️ Write the message to <b>{ $name }</b>. The bot sends it as you write it, under a heading saying it comes from the shop.
customers-message-long = The message is too long: at most { $max } characters.
customers-confirm-message =
    ✉️ To { $name } (<code>{ ID($id) }</code>), as they will get it:

    { $message }

    Send it?
customers-message-yes = 📨 Send
customers-message-sent = 📨 The message is on its way to the customer.
customers-message-unavailable = Messages to customers cannot be sent from this process (no outbox). Nothing was sent.
notice-staff-message =
    ✉️ <b>A message from the shop</b>

    { $text }
customers-block-already = The customer was already blocked: nothing changed.
customers-unblock-already = The customer was not blocked: nothing changed.
## Issue 28: support tickets
help-ticket-write = 🆘 Write to support
ticket-ask = ✍️ Write your message to support: a text, or a photo with a caption. The answer comes here, in this chat.
ticket-ask-continue = ✍️ Your ticket <b>{ $id }</b> is open. Write what to add: a text, or a photo with a caption.
ticket-text-or-photo = Please send a text, or a photo (with a caption if you like).
ticket-too-long = That is too long: at most { $max } characters.
ticket-too-many = ⏳ Ticket <b>{ $id }</b> already has many messages waiting for an answer. Please wait for support to reply.
ticket-opened = ✅ Ticket <b>{ $id }</b> is open: support has your message. The answer comes here, in this chat.
ticket-added = ✅ Added to ticket <b>{ $id }</b>. The answer comes here, in this chat.
ticket-btn-close = ✅ Close ticket { $id }
ticket-btn-reply = ↩️ Reply
ticket-answer-header = 💬 Support · ticket { $id }
ticket-closed-by-staff = ✅ Support closed ticket { $id }. If you need more help, write again from /help.
ticket-closed-by-you = ✅ Ticket { $id } is closed. Thank you!
ticket-already-closed = Ticket { $id } is already closed.
ticket-gone = This ticket is not there any more.
ticket-state-open = ⏳ waiting for support
ticket-state-answered = 💬 answered
ticket-state-closed = ✅ closed
ticket-topic-name = 🎫 { $id } · { $name }
ticket-context-title = 🎫 <b>Ticket { $id }</b> · { $state }
ticket-context-subs = <b>Live subscriptions:</b>
ticket-context-subs-none = No live subscriptions.
ticket-context-orders = <b>Last orders:</b>
ticket-btn-card = 👤 Customer card
ticket-btn-staff-close = ✅ Close
ticket-btn-reopen = 🔄 Reopen
ticket-btn-open = 🎫 Open the ticket
ticket-btn-thread = 🧵 Open the thread
ticket-from-customer = 👤 { $name } · { $id }
ticket-new-private = 🎫 { $id } · { $name } wrote:
ticket-staff-wrote = 💬 { $name } answered in the bot:
ticket-closed-note = ✅ { $who } closed ticket { $id }; the customer was told.
ticket-closed-note-customer = ✅ The customer closed ticket { $id }.
ticket-reopened-note = 🔄 { $who } reopened ticket { $id }.
ticket-remind = ⏰ Ticket <b>{ $id }</b> ({ $name }) has been waiting { $waited } for an answer.
ticket-staff-not-permitted = ⛔ Your role cannot answer tickets: this message did not reach the customer.
ticket-staff-only-text = Only a text or a photo reaches the customer: this message did not.
ticket-staff-too-long = Too long for one answer (at most { $max } characters): it did not reach the customer.
ticket-staff-closed = This ticket is closed: the message did not reach the customer. Reopen it first.
ticket-staff-full = This ticket holds as many messages as it can: the message did not reach the customer.
ticket-card-sent = The customer card is in your private chat with the bot.
ticket-card-start-bot = Open the bot in a private chat (Start) first, then press again.
ticket-thread-customer = 👤 Customer
ticket-thread-staff = 💬 Support
ticket-thread-photo = [photo]
ticket-thread-line = { $who } · { $at }: { $text }
admin-tickets = 🎫 Tickets
tickets-title = 🎫 <b>Tickets</b> · waiting: { $waiting } · answered: { $answered }
tickets-group-note = Tickets are answered in their topics of the staff group; here you see the same tickets.
tickets-none = No open tickets.
tickets-thread = <b>Thread:</b>
tickets-thread-more = … earlier messages not shown: { $count }
tickets-btn-answer = ✍️ Answer
tickets-back = « Tickets
tickets-ask-answer = ✍️ Write the answer to ticket <b>{ $id }</b> ({ $name }). The customer gets it from the bot.
tickets-answered = ✅ The answer went to the customer.
tickets-closed-done = ✅ Ticket { $id } closed; the customer was told.
tickets-reopened = 🔄 Ticket { $id } reopened.
tickets-reopen-busy = The customer has another live ticket ({ $other }); this one stays closed.
webapp-tickets-title = Support
webapp-tickets-hint = Write to us here: the answer comes here and in your chat with the bot.
webapp-tickets-none = You have no tickets yet.
webapp-ticket-placeholder = Your message
webapp-ticket-send = Send
webapp-ticket-close = Close the ticket
webapp-ticket-close-confirm = Close this ticket? You can always write again.
webapp-ticket-sent = Sent: support has your message.
webapp-ticket-you = You
webapp-ticket-support = Support
webapp-ticket-photo = 📷 Photo
webapp-ticket-too-many = Please wait for support to answer your messages first.
webapp-ticket-too-long = That is too long.
## Issue 28: staff group and daily report
staff-group-section = 🏢 Staff group
staff-topic-alerts = 🚨 Alerts
staff-topic-payments = 💳 Payments
staff-topic-orders = 📦 Orders
staff-topic-reconciliation = 🔎 Reconciliation
staff-topic-report = 📊 Daily report
staff-topic-tickets = 🎫 Tickets
staff-group-routing-private = Private chats only
staff-group-routing-group = The group only
staff-group-routing-both = The group and private chats
staff-group-title = 🏢 <b>Staff group</b>
staff-group-none = Not set up: the staff's notices go to each one's private chat with the bot.
staff-group-steps = To send them to a group of the team, one topic per kind of notice:
    1. Make a Telegram group and turn on <b>Topics</b> in its settings (it becomes a forum supergroup).
    2. Add this bot to it as an admin with the <b>Manage topics</b> right.
    3. Press <b>Set up</b> and pick the group (or send its id, which starts with -100).
    The bot makes the topics itself: alerts, payments, orders, reconciliation, the daily report and tickets.
staff-group-setup = 🔗 Set up
staff-group-chat = Group: <b>{ $title }</b> ({ $id })
staff-group-topics = Topics: { $topics }
staff-group-routing = Notices go to: { $routing }
staff-group-report-off = Daily report: off
staff-group-report-at = Daily report: at { $hour } ({ $zone })
staff-group-routing-help = Private copies go to the staff whose role may see each kind: owners and admins get all of them, support gets failed orders. New payments go to the group only.
staff-group-off = off
staff-group-hours = 🕘 Report time: { $hour }
staff-group-report-now = 📊 Send the report now
staff-group-remake = 🔁 Recreate topics
staff-group-change = 🔗 Use another group
staff-group-stop = 🛑 Stop using the group
staff-group-back = « Staff group
staff-group-hours-ask = 🕘 When should the daily report go out? The hour is in { $zone }; it covers the last whole day (UTC).
staff-group-stop-ask = 🛑 Stop using the staff group? Notices go to private chats again; the topics stay in the group.
staff-group-stop-yes = Yes, stop
staff-group-remake-ask = 🔁 Make all the topics again in the same group? Use it when topics were deleted or renamed; the old ones stay until you delete them.
staff-group-remake-yes = Yes, make new topics
staff-group-remake-used = This confirmation was already used.
staff-group-routing-set = ✅ Where notices go is saved.
staff-group-report-set = ✅ The daily report goes out at { $hour }.
staff-group-report-set-off = ✅ The daily report is off.
staff-group-report-queued = 📊 The report is on its way.
staff-group-report-unavailable = ⚠️ The report cannot be sent from here now: no worker queue is connected.
staff-group-stopped = ✅ The staff group is no longer used: notices go to private chats.
staff-group-ask = 🏢 Which group? Press <b>Pick the group</b> below, or send the group's id (it starts with -100), or forward a message posted in it as the group. The bot must already be its admin with <b>Manage topics</b>.
staff-group-pick = 🏢 Pick the group
staff-group-cancel = ✖️ Cancel
staff-group-cancelled = Cancelled.
staff-group-left = Staff group set-up left.
staff-group-ask-invalid = That is not a group. Pick it with the button, send its id (-100…), or forward a message posted in it as the group.
staff-group-ask-person = That is a person's id. A group's id starts with -100.
staff-group-checking = ⏳ Checking the group and making its topics…
staff-group-not-found = ⚠️ Telegram does not show this group to the bot. Add the bot to the group first, then try again.
staff-group-not-forum = ⚠️ This chat is not a group with topics. Turn on Topics in the group's settings, then try again.
staff-group-not-admin = ⚠️ The bot is not an admin of this group. Make it an admin with the Manage topics right, then try again.
staff-group-no-topics-right = ⚠️ The bot is an admin of this group but may not manage topics. Give it the Manage topics right, then try again.
staff-group-unavailable = ⚠️ Telegram did not answer. Try again in a minute.
staff-group-topics-failed = ⚠️ The topics could not be made. Check that the bot may manage topics, then try again.
staff-group-saved = ✅ <b>{ $title }</b> is the staff group now; its topics are made.
staff-payment-line = 💳 { $amount } from { $customer } via { $via }: { $what }
staff-payment-telegram = Telegram
staff-payment-order = paid order { $order }
staff-payment-topup = a wallet top-up
staff-payment-unmatched = to the wallet (it named nothing we know)
staff-payment-mismatch = to the wallet (it did not match what was asked)
staff-payment-held = held (another currency)
staff-report-title = 📊 <b>Daily report</b>: { $date } (UTC day)
staff-report-none = none
staff-report-revenue = 💰 Revenue: { $amount }
staff-report-payments = 💳 Payments: { $list }
staff-report-payment-way = { $way } { $count } · { $sum }
staff-report-new-customers = 👤 New customers: { $count }
staff-report-orders = 📦 Delivered: new { $purchases } · renewals { $renewals } · trials { $trials } · traffic packs { $packs }
staff-report-refunds = ↩️ Refunds: { $list }
staff-report-refund-sum = { $count } · { $sum }
staff-report-converted = 🎯 Trials converted to paid: { $count }
staff-report-expiring = ⏳ Subscriptions expiring in the next 7 days: { $count }
staff-report-hosting = 🏦 Hosting balance: { $balance } · active servers: { $servers }
staff-report-runway-days = 🛫 Runway: { $days ->
        [one] { $days } day
       *[other] { $days } days
    } (until { $date }, when server #{ ID($id) } cannot be extended)
staff-report-runway-beyond = 🛫 Runway: more than { $days } days
staff-report-runway-none = 🛫 Runway: no active servers
staff-report-runway-unpriced = 🛫 Runway: unknown, no extension price is known yet for { $count ->
        [one] { $count } server
       *[other] { $count } servers
    } (set the expected cost in Settings)
staff-report-hosting-unavailable = 🏦 Hosting account: { $reason }

## Issue 31: the runway page of the Mini App (staff only; src/webapp/runway.ts, webapp/runway.js)

runway-open-page = 📊 Runway charts
webapp-runway-title = Runway
webapp-runway-refused = This page is for the shop's staff who see the servers.
webapp-runway-balance = Hosting balance
webapp-runway-balance-chart = The balance as it pays the servers' extensions
webapp-runway-no-course = No course to draw: no active servers, or an extension price is not known.
webapp-runway-fixes = What would fix it
webapp-runway-locations = Locations
webapp-runway-servers = Servers
webapp-runway-no-servers = No servers.
webapp-runway-back = All servers
webapp-runway-untracked = No traffic package is set for this server: set one on its card in the chat to see its charts.
webapp-runway-no-usage = No use recorded this term yet.
webapp-runway-daily = Each day's use against the daily budget
webapp-runway-cumulative = Use this term against the package
webapp-runway-limit = package
webapp-runway-average = at the 7-day average
webapp-runway-trend = at the trend
webapp-runway-term-end = term ends
webapp-runway-runs-out = runs out
webapp-runway-lasts = lasts the term
webapp-runway-today = today
webapp-runway-budget = Daily budget: { $budget }
webapp-runway-step = { $date }: { $amount } left after extending { $server }
webapp-runway-step-short = { $date }: { $amount } is not enough to extend { $server }

## Family seats
invoice-seats-title = Family seats
delivery-delayed-seats = ⏳ Your new family seats are taking longer than usual: the hosting side is not answering yet. Your payment is safe: the seats will be added by themselves and you will get a message here, or the money goes back to your wallet.
alert-seats-failed = ⚠️ Seats order { $order } for subscription { $subscription } failed: { $what }. Customer { ID($customer) }, plan { $plan }; { $amount } refunded to the wallet, the family is as it was. Details are in the log.
customers-order-kind-seat = family seat
customers-order-kind-seats = family seats added
buy-confirm-seats =
    👪 <b>Family seats</b>
    Plan: <b>{ $plan }</b>
    Seats to add: <b>{ $seats }</b>
    Price for the rest of the term: <b>{ $price }</b>
    Wallet balance: { $balance }
seats-buy-button = 👪 { $seats } seats · { $price }
seat-claim-ok = 👪 You took a seat in { $owner }'s family. Your own VPN access is being set up: its link and QR code arrive here in a moment.
seat-claim-yours = 👪 This seat is already yours: your access is in /my.
seat-claim-own = 👪 This is an invite to your own family: send it to someone you want to share it with.
seat-claim-taken = 😔 Someone else took this seat first. Ask the family's owner for another invite.
seat-claim-unknown = 😔 This invite opens nothing: it was used up or the owner replaced it.
seat-claimed-owner = 👪 { $name } took a seat in your family. You can see the seats under /my.
seats-button = 👪 Family seats ({ $taken }/{ $count })
seats-member-line = 👪 Family seat of { $owner }: renewed by the owner
seats-title = 👪 <b>Family seats</b> · { $plan } · { $count } seats
seats-owner-line = 1 · you (the owner)
seats-free-line = { $n } · free · invite: { $link }
seats-taken-line = { $n } · { $name } · { $used } used
seats-free-button = ✖ Free seat { $n }
seats-add-rule = A seat more costs { $price } for the { $days } days left of the term (up to { $max } seats).
seats-add-button = ➕ Add a seat · { $price }
seats-free-ask = Free seat { $n }? Its member loses their VPN access at once, and the seat gets a new invite link.
seats-free-yes = ✖ Yes, free seat { $n }
seats-free-no = « Back to the seats
seats-free-unknown = This seat is not there any more.
seats-free-free = This seat is free already.
seats-free-busy = This seat's access is still being set up: try again in a minute.
seats-free-failed = The hosting side is not answering: the seat stays as it is. Try again in a minute.
seats-freed = Seat { $n } is free again, with a new invite link.
seats-freed-member = 👪 { $owner } freed your seat in their family: that VPN access has ended.
seats-family-ended = 👪 The family subscription you had a seat in was removed by the shop: your VPN access in it has ended.
seats-add-refused-unknown-subscription = This subscription has no family seats.
seats-add-refused-too-many = The family has the most seats its plan allows.
seats-add-refused-term-over = The term is over: renew it first.
seats-add-refused-blocked = Your account is blocked.
webapp-seats-title = 👪 Family seats ({ $count })
webapp-seat-free = free: send its invite link
webapp-seat-taken = { $name } · { $used } used
webapp-seats-add = ➕ Add a seat · { $price } for { $days } days
webapp-seats-free-button = Free
webapp-seats-free-confirm = Free this seat? Its member loses their VPN access at once, and the seat gets a new invite link.
webapp-seats-share = Share
webapp-seats-share-text = A seat in my VPN family is yours: open the link to take it.
webapp-seats-summary = +{ $seats } family seat(s) until the end of the current term
seat-failed = 😔 We could not set up your seat in the family plan «{ $plan }». Ask its owner for a new invite link; the admins have been told.
## Plan switch with credit (issue 30)
invoice-switch-title = VPN plan switch
delivery-delayed-switch = ⏳ Your plan switch is taking longer than usual: the hosting side is not answering yet. Your payment is safe: the switch will finish by itself and you will get a message here, or the money goes back to your wallet.
delivery-switched = 🔀 <b>Switched to { $plan }</b>
switch-failed = 😔 We could not switch your subscription to «{ $plan }». { $amount } went back to your wallet; your subscription is as it was. The admins have been told.
switch-failed-back = 😔 We could not switch your subscription to «{ $plan }». { $back }. Your subscription is as it was; the admins have been told.
alert-switch-failed = ⚠️ Plan switch { $order } for subscription { $subscription } failed: { $what }. Customer { ID($customer) }, plan { $plan }; { $amount } refunded to the wallet, the subscription is as it was. Details are in the log.
wallet-kind-switch = Plan switch
wallet-kind-switch-credit = Plan switch credit
wallet-kind-fair-refund = Refund of unused days
customers-kind-switch = plan switch
customers-kind-switch-credit = switch credit
customers-kind-fair-refund = refund of unused days
customers-order-kind-switch = plan switch
my-switch = 🔀 Switch plan
switch-choose =
    🔀 <b>Switch «{ $plan }» to another plan</b>
    What is left of your current term is credited against the new plan's price. Pick a plan to see the arithmetic before you pay.
switch-none = There is no other plan this subscription can switch to now.
switch-plan-button = { $plan } · { $price }
switch-quote-days = Left of your term: { $days } days × { $perDay } a day = <b>{ $credit }</b>
switch-quote-traffic = Left of your term: { $gb } GB of { $total } GB (less than its { $days } days left) = <b>{ $credit }</b>
switch-quote-ahead = Includes { $days } days paid ahead (renewals still being applied).
switch-quote-sum =
    New plan «{ $plan }»: { $price }
    Credit: −{ $credit }
    <b>To pay: { $toPay }</b>
switch-quote-surplus = The credit is { $surplus } more than the new plan's price: that goes to your wallet once the switch is done.
switch-quote-rule = The new plan starts when the switch is done, for its full { $days } days; your current term ends then.
buy-confirm-switch =
    🔀 <b>Plan switch</b>
    New plan: <b>{ $plan }</b>
    Wallet balance: { $balance }
switch-confirm-covered = The credit covers the whole price: nothing is taken from your balance.
switch-get = 🔀 Switch now
buy-paid-switch = ✅ Paid { $price } from your balance (balance now { $balance }). Switching your plan, this takes a few seconds…
switch-cancelled = Plan switch cancelled. Nothing was charged; your subscription is as it was.
switch-not-offered = This subscription cannot switch to that plan (any more). Open the subscription again to see what it can switch to.
switch-refused-removed = This subscription was removed by the shop's admins, so it cannot switch plans.
switch-refused-frozen = This subscription is frozen, so it cannot switch plans now and nothing was charged. Unfreeze it on /my first.
switch-refused-disabled = This subscription is blocked by the shop's admins, so it cannot switch plans now and nothing was charged. Please contact support.
switch-usage-unknown = The traffic used on this subscription cannot be read right now, so its credit cannot be worked out. Please try again in a few minutes.
switch-promo-not-applicable = Promo codes apply to plans and renewals, not to plan switches: this order keeps its price.
webapp-switch-not-offered = This subscription cannot switch to that plan any more.
fair-refund-button = 💸 Refund unused part
fair-refund-title = 💸 <b>Refund the unused part of «{ $plan }»</b>
fair-refund-days = Left of the term: { $days } days × { $perDay } a day = <b>{ $credit }</b>
fair-refund-traffic = Left of the term: { $gb } GB of { $total } GB (less than its { $days } days left) = <b>{ $credit }</b>
fair-refund-ahead = Includes { $days } days paid ahead (renewals still being applied).
fair-refund-amount = Refund: <b>{ $amount }</b>
fair-refund-to-stars = It goes back as Stars: the term was paid by one Stars payment, refunded whole.
fair-refund-why-not-stars = It goes to the customer's balance: the term was not paid by one Telegram Stars payment.
fair-refund-why-partial = It goes to the customer's balance: Telegram refunds only whole payments, and part of this term is used.
fair-refund-why-shared = It goes to the customer's balance: Telegram refunds only whole payments, and this term was paid partly from the balance.
fair-refund-ends = The subscription ends at once: its term is set to now.
fair-refund-confirm = ✅ Refund { $amount } and end it
fair-refund-done = ✅ Refunded { $amount } to the customer's balance; the subscription ended.
fair-refund-done-stars = ✅ Refunded { $amount } as Stars; the subscription ended.
fair-refund-stars-failed = ⚠️ { $amount } went to the customer's balance, but the Stars could not be sent back ({ $status }); the subscription ended.
fair-refund-already = This term was refunded already: nothing more was paid.
fair-refund-nothing = Nothing is left of this term to refund.
fair-refund-refused = This subscription cannot be refunded now (its traffic cannot be read, or a change of it is still being applied). Try again later.
webapp-switch-title = Switch plan (what is left of this term is credited)
webapp-confirm-switch = Plan switch
webapp-switch-done = ✅ Done: the subscription is on its new plan; your links stay the same.
webapp-seats-added = ✅ Done: the seats are added; send their invite links.
## Freeze and traffic rollover (issue 30)
my-renew-frozen = This subscription is frozen, so it cannot be renewed now and nothing was charged. Unfreeze it on /my first.
pack-refused-frozen = This subscription is frozen, so no traffic can be added now and nothing was charged. Unfreeze it on /my first.
freeze-button = ❄️ Freeze
unfreeze-button = ▶️ Unfreeze now
freeze-pick = ❄️ Freeze this subscription while you are away. The connection is off during the freeze; the days left are kept and given back when it ends.
    Choose how long ({ $min }–{ $max } days). Freezes left for the next 365 days: { $left } of { $times }.
freeze-days-button = { $days } days
freeze-confirm = ❄️ Freeze for { $days } days?
    Frozen until: { $until }
    Days kept: { $bank }
    New end of the subscription: { $end }
freeze-confirm-button = ✅ Freeze
freeze-done = ❄️ Frozen until { $until }. { $bank } days are kept; the subscription now ends { $end }. You can unfreeze earlier on /my.
freeze-queued = ❄️ Your freeze is queued behind a change of this subscription in progress; it starts in a moment.
freeze-already = ❄️ This subscription is frozen already (or its freeze is on its way).
freeze-failed = The freeze could not be made and nothing changed. Please try again later.
freeze-refused-limit = This subscription has had its { $limit } freezes for the last 365 days.
freeze-refused-nothing-left = Less than a day is left of this subscription: there is nothing to freeze.
freeze-refused-days = A freeze lasts { $min } to { $max } days.
freeze-refused-other = This subscription cannot be frozen.
freeze-state = ❄️ Frozen until { $until } · { $bank } days kept · ends { $end }
freeze-state-asked = ❄️ A freeze of { $days } days is starting.
unfreeze-done = ▶️ Unfrozen: the connection is on again and the subscription ends { $end }.
unfreeze-too-soon = A freeze can be ended after its first day.
unfreeze-not-frozen = This subscription is not frozen.
unfreeze-retrying = ▶️ The server is slow to answer: your subscription will be unfrozen within a few minutes.
unfreeze-busy = ▶️ Your subscription is being unfrozen right now: open it again in a moment.
order-applies-after-freeze = ❄️ This subscription is frozen: what you paid for applies when the freeze ends ({ $date }), or when you unfreeze it earlier.
rollover-carried = +{ $gb } GB carried over
my-status-frozen = ❄️ frozen

## Issue 31: runway (how long the servers' traffic packages, terms and the hosting balance last)
runway-section = 📉 Runway
runway-title = 📉 <b>Runway</b> · { $at }
    Alerts and fixes look { $window } days ahead.
runway-balance = Hosting balance: { $balance }, { $runway }
runway-balance-days = lasts { $days } days (to { $date })
runway-balance-beyond = lasts beyond { $days } days
runway-balance-unpriced = cannot be told: { $servers } servers with no known extension price (set one in Settings)
runway-balance-no-servers = no active servers
runway-locations = <b>Locations</b>
runway-location-line = { $emoji } { $name } ({ $servers } servers): { $when }
runway-servers = <b>Servers</b>
runway-server-line = { $emoji } <b>{ $name }</b> · { $location }: { $when }
runway-no-location = no location
runway-empty = No servers.
runway-more = …and { $count } more
runway-never = no end in sight
runway-days = { $days } days
runway-fix-top-up = ➜ top up the hosting balance by { $amount }
runway-fix-extend = ➜ extend server { $name }
runway-fix-move = ➜ move { $customers } customers off { $name }
runway-card-title = <b>Runway</b>
runway-traffic-untracked = Traffic package: not set (not tracked)
runway-traffic = Traffic: { $used } of { $limit } used this term
runway-at-average = At the 7-day average ({ $rate } a day): { $when }
runway-at-trend = At the trend ({ $rate } a day): { $when }
runway-chart = Last 14 days against the daily budget ({ $budget } a day = { $mark }):
runway-term = Term: { $days } days left
runway-term-covered = Term: { $days } days left; auto-extend is on and the balance covers it
runway-term-auto-short = Term: { $days } days left; auto-extend is on but the balance does not cover it
runway-set-package = 📦 Traffic package
runway-ask-package = Send this server's traffic package in GB (it renews with each paid term), or 0 to stop tracking it.
runway-package-invalid = Send a number of GB from 0 to { $max }.
runway-package-set = 📦 Traffic package set: { $gb } GB.
runway-package-cleared = 📦 Traffic package cleared: the server's traffic is not tracked.
runway-alert-traffic = 📉 Server <b>{ $name }</b> (#{ ID($id) }): its traffic package runs out in { $days } days ({ $used } of { $limit } used this term).
runway-alert-term = 📉 Server <b>{ $name }</b> (#{ ID($id) }): its paid term ends in { $days } days and, as things stand, will not be extended (auto-extend off, or the balance short).
runway-alert-balance = 📉 The hosting balance ({ $balance }) pays the servers' extensions for { $days } more days.
runway-alert-fixes = What would fix it:
runway-alert-sale-short = 📉 A sale of plan { $plan } went to server <b>{ $name }</b> (#{ ID($id) }): no server of the plan has traffic for its { $days } days; this one lasts longest.
runway-settings-line = Runway alerts: { $days } days before a run-out
runway-settings-edit = 📉 Runway alerts
runway-settings-ask = Send the days before a run-out at which the staff are alerted, separated by commas ({ $count } numbers at most, each from 1 to { $max }), e.g. 14,7,3,1; or - for the default.
runway-settings-invalid = Send up to { $count } whole numbers from 1 to { $max }, separated by commas, e.g. 14,7,3,1.
## Bulk move (issue 31): customers moved off a server or a panel location in one action
move-btn-start = 🚚 Move customers
move-btn-start-panel = 🚚 Move customers off a location
move-end-server = server { $name }
move-end-location = location { $name }
move-sources-title = 🚚 <b>Bulk move</b>: off which panel location?
move-targets-title = 🚚 <b>Bulk move</b> off { $from }: to where?
move-targets-empty = 🚚 There is no other active server or location to move the customers of { $from } to.
move-who = 🚚 <b>Bulk move</b> from { $from } to { $to }
    Customers there: { $count }. Move all of them, or choose?
move-none = 🚚 No customer of the shop lives on { $from }.
move-btn-all = 👥 All ({ $count })
move-btn-choose = ☑️ Choose customers
move-pick-title = 🚚 Choose whom to move from { $from } to { $to } (page { $page } of { $pages }). Chosen: { $picked }.
move-btn-preview-picked = 👀 Preview ({ $count } chosen)
move-btn-back = ⬅️ Back
move-preview-title = 🚚 <b>Bulk move</b>: { $from } → { $to }
move-preview-moving = Will be moved: { $count }
move-preview-names = Among them: { $names }
move-preview-nothing = Nobody would be moved.
move-preview-skipped = Will stay where they are ({ $count }):
move-preview-skip-line = • { $why }: { $count }
move-preview-clients = Clients on the target: { $now } → { $after }
move-preview-clients-unknown = Clients on the target: not known now
move-preview-runway = Runway of the target after the move: { $days } days (the move pauses under { $floor })
move-preview-runway-unknown = Runway of the target: not known (the move does not pause for it)
move-preview-runway-low = ⚠️ That is under the floor: the move will pause at once and ask you to resume.
move-btn-confirm = ✅ Move { $count }
move-progress-running = 🚚 <b>Moving customers</b> from { $from } to { $to }: { $done } of { $total }
    ✅ Moved: { $moved } · ⏭ Skipped: { $skipped } · ⚠️ Failed: { $failed }
move-progress-paused = ⏸ <b>Move paused</b> ({ $from } → { $to }): { $done } of { $total }
    ✅ Moved: { $moved } · ⏭ Skipped: { $skipped } · ⚠️ Failed: { $failed }
move-progress-paused-runway = ⏸ <b>Move paused</b> ({ $from } → { $to }): the target's runway would fall to { $days } days, under { $floor }. Resume to go on anyway.
    { $done } of { $total } · ✅ Moved: { $moved } · ⏭ Skipped: { $skipped } · ⚠️ Failed: { $failed }
move-progress-cancelling = ✖️ <b>Cancelling the move</b> ({ $from } → { $to }): the customers under way are finished first. { $done } of { $total }
move-progress-cancelled = ✖️ <b>Move cancelled</b> ({ $from } → { $to })
    ✅ Moved: { $moved } · ⏭ Not moved: { $skipped } · ⚠️ Failed: { $failed } (of { $total })
move-progress-done = ✅ <b>Move finished</b> ({ $from } → { $to })
    ✅ Moved: { $moved } · ⏭ Skipped: { $skipped } · ⚠️ Failed: { $failed } (of { $total })
move-btn-pause = ⏸ Pause
move-btn-resume = ▶️ Resume
move-btn-cancel = ✖️ Cancel
move-btn-report = 📋 Report
move-report-not-moved = Not moved:
move-report-line = • { $name }: { $why }
move-report-failed = failed ({ $error })
move-report-more = …and { $count } more
move-report-old-left = Old clients left behind (their server did not answer): { $count }
move-unchanged = Nothing to change: the move is not in that state any more.
move-not-found = This move or place is no longer known.
move-skip-gone = the subscription is gone
move-skip-not-on-source = no longer there
move-skip-expired = expired
move-skip-frozen = frozen
move-skip-pending-order = a renewal, pack, switch or term change is under way
move-skip-busy = another change of its term came first
move-skip-disabled = its client is disabled
move-skip-already-there = already on the target
move-skip-no-inbounds = no plan names the target location's inbounds
move-skip-no-main = the main panel serves the combined link: customers are not moved off it
move-skip-target-term = it outlasts the target's paid term
move-skip-cancelled = the move was cancelled
move-customer-server = 🚚 Your VPN ({ $plan }) has moved to another server. Use the new link below: the old one stops working.
move-customer-location = 🚚 Your VPN ({ $plan }) has moved to location { $location }. Your subscription link stays the same: your app picks up the change when it refreshes the subscription.
move-settings-line = Bulk moves pause when the target's runway would fall under: { $days ->
    [one] { $days } day
   *[other] { $days } days
    }
move-settings-edit = 🚚 Change when bulk moves pause
move-settings-ask = 🚚 A bulk move of customers pauses when its target server would last fewer days than this. Send a whole number of days from { $min } to { $max }.
move-settings-invalid = Send a whole number of days from { $min } to { $max }.
