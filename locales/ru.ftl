## Commands (shown in Telegram's command menu)

command-start = Главное меню
command-buy = Купить VPN
command-my = Мои подписки
command-wallet = Кошелёк и пополнение
command-trial = Пробный период
command-language = Сменить язык
command-help = Помощь
command-admin = Меню администратора
command-login = Подключить аккаунт хостинга
command-servers = Серверы хостинга
command-cancel = Отменить текущий шаг

## Start and help

start-greeting =
    Привет, { $name }! 👋
    Здесь можно купить быстрый VPN, оплатить его прямо в Telegram и получить ссылку для подключения за секунды.

    Выберите, что нужно:
start-greeting-admin = Вы администратор магазина: /admin открывает меню администратора.
menu-buy = 🛒 Купить VPN
menu-my = 🔑 Мои подписки
menu-wallet = 💰 Кошелёк
menu-trial = 🎁 Пробный период
menu-language = 🌐 Язык
menu-help = ❓ Помощь
menu-back = « Назад
menu-close = ✖ Закрыть
menu-refresh = 🔄 Обновить
menu-main = « Главное меню

help-text =
    <b>Как это работает</b>
    1. /buy: выберите тариф и оплатите через Telegram.
    2. Вы получите ссылку для подключения, ссылку подписки и QR-код.
    3. Импортируйте её в VPN-приложение (инструкции придут вместе со ссылкой).

    <b>Команды</b>
    /start: главное меню
    /buy: купить тариф
    /my: ваши подписки, трафик и продление
    /wallet: баланс, пополнение и история
    /trial: пробный период
    /language: сменить язык
    /cancel: отменить текущий шаг
help-admin =
    <b>Администратор</b>
    /admin: меню администратора
    /login: подключить аккаунт хостинга
    /servers: серверы хостинга

## Language

language-choose = Выберите язык:
language-changed = Язык переключён на русский.

## Errors

error-generic = Извините, у нас что-то пошло не так. Попробуйте ещё раз чуть позже.
error-unknown-command = Я не знаю такой команды. /help покажет, что я умею.
error-blocked = Ваш доступ к магазину заблокирован. Если это ошибка, напишите в поддержку.
error-not-admin = Это действие доступно только администраторам магазина.
error-menu-outdated = Это меню устарело, вот свежее.
cancelled = Отменено.
nothing-to-cancel = Нечего отменять.
