## Commands (shown in Telegram's command menu)

command-start = Main menu
command-buy = Buy a VPN plan
command-my = My subscriptions
command-wallet = Wallet and top-up
command-trial = Free trial
command-language = Change language
command-help = Help
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
    /language: change language
    /cancel: cancel the current step
help-admin =
    <b>Admin</b>
    /admin: admin menu
    /login: link the hosting account
    /servers: hosting servers

## Language

language-choose = Choose your language:
language-changed = Language set to English.

## Errors

error-generic = Sorry, something went wrong on our side. Please try again in a moment.
error-unknown-command = I don't know this command. /help lists what I can do.
error-blocked = Your access to this shop is blocked. Contact support if you think this is a mistake.
error-not-admin = This action is for the shop's admins only.
error-menu-outdated = This menu is outdated, here is a fresh one.
cancelled = Cancelled.
nothing-to-cancel = There is nothing to cancel.

## Conversations

conv-cancel = ✖ Cancel
conv-send-text = Please send the answer as a text message, or tap Cancel.

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

## Hosting account

account-not-linked =
    🏦 <b>Hosting account</b>
    The hosting account is not linked yet. Link it with the login and password of the web cabinet, or paste an API key made in the cabinet.
account-env-key = The API key comes from the ACCOUNT_API_KEY setting ({ $prefix }); unset it to link an account in chat.
account-card =
    🏦 <b>Hosting account</b>
    User: { $username }
    Telegram id: <code>{ $tgid }</code>
    Balance: <b>{ $balance }</b>
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
