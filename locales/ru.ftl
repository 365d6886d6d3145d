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

## Conversations

conv-cancel = ✖ Отмена
conv-send-text = Пришлите ответ текстовым сообщением или нажмите «Отмена».

## Hosting errors

hosting-error-unauthorized = 🔑 API-ключ хостинга отозван или недействителен. Подключите аккаунт хостинга заново.
hosting-error-lte = Для этого действия нужен купленный LTE-доступ для сервера. Купите его в веб-кабинете и попробуйте снова.
hosting-error-forbidden = Аккаунт хостинга не соответствует требованиям: привяжите e-mail и никнейм в веб-кабинете и попробуйте снова.
hosting-error-not-found = Не найдено: возможно, удалено или принадлежит другому аккаунту.
hosting-error-conflict = Конфликт: { $detail }
hosting-error-unavailable = ⏳ Хостинг временно недоступен. Попробуйте ещё раз через минуту.
hosting-error-bad-request = Хостинг отклонил запрос: { $detail }
hosting-error-status = Хостинг ответил ошибкой ({ $status }): { $detail }
hosting-error-unreachable = ⏳ Хостинг не ответил. Попробуйте ещё раз через минуту.
hosting-error-unexpected = Хостинг прислал непонятный ответ. Попробуйте позже.
hosting-error-input = Нельзя отправить: { $problem }

## Admin

admin-title = 🛠 <b>Меню администратора</b>
admin-account = 🏦 Аккаунт хостинга
admin-servers = 🖥 Серверы
admin-home = « Меню администратора
admin-refused = Это действие доступно только администраторам магазина.

## Hosting account

account-not-linked =
    🏦 <b>Аккаунт хостинга</b>
    Аккаунт хостинга ещё не подключён. Подключите его логином и паролем от веб-кабинета или вставьте API-ключ, созданный в кабинете.
account-env-key = API-ключ задан настройкой ACCOUNT_API_KEY ({ $prefix }); уберите её, чтобы подключать аккаунт в чате.
account-card =
    🏦 <b>Аккаунт хостинга</b>
    Пользователь: { $username }
    Telegram id: <code>{ $tgid }</code>
    Баланс: <b>{ $balance }</b>
    Серверов: { $servers }
    API-ключ: <code>{ $prefix }</code> ({ $source })
account-source-env = из настроек
account-source-linked = подключён в чате
account-link = 🔗 Подключить логином и паролем
account-paste-key = 🔑 Вставить API-ключ
account-unlink = Отключить
account-relink = 🔗 Подключить заново
account-unlink-confirm = Отключить аккаунт хостинга? Бот перестанет управлять серверами, пока аккаунт не подключат снова.
account-unlink-yes = Да, отключить
account-unlinked = Аккаунт хостинга отключён.
account-ask-login = Пришлите <b>логин или e-mail</b> аккаунта хостинга (веб-кабинета).
account-ask-password = Теперь пришлите <b>пароль</b>. Сообщение удаляется сразу после прочтения, пароль нигде не хранится.
account-ask-code = У аккаунта включена двухфакторная защита. Пришлите <b>6-значный код</b> из приложения-аутентификатора.
account-code-format = Код состоит из 6 цифр, например 123456.
account-code-wrong = Код не подошёл. Пришлите текущий 6-значный код ещё раз.
account-wrong-credentials = Неверный логин или пароль. Начнём заново.
account-too-many-tries = Слишком много неудачных попыток. Попробуйте /login позже.
account-needs-cabinet-key = У аккаунта двухфакторная защита через e-mail или мессенджер, её API не поддерживает. Создайте API-ключ в веб-кабинете и вставьте его сюда.
account-key-limit = У аккаунта уже 20 активных API-ключей. Отзовите один в веб-кабинете и попробуйте снова.
account-linked = ✅ Аккаунт хостинга подключён. API-ключ: <code>{ $prefix }</code>
account-ask-key = Вставьте <b>API-ключ</b>, созданный в веб-кабинете. Сообщение удаляется сразу после прочтения.
account-key-format = Это не похоже на API-ключ (он начинается с префикса и подчёркивания).
account-key-invalid = Хостинг не принял этот ключ (недействителен или отозван). Проверьте его и попробуйте снова.
