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
