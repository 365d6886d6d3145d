## Commands (shown in Telegram's command menu)

command-start = Главное меню
command-buy = Купить VPN
command-my = Мои подписки
command-wallet = Кошелёк и пополнение
command-trial = Пробный период
command-language = Сменить язык
command-help = Помощь
command-status = Состояние сервиса
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
menu-invite = 🤝 Пригласить друзей
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
    /promo: ввести промокод для следующей покупки
    /language: сменить язык
    /cancel: отменить текущий шаг
help-admin =
    <b>Администратор</b>
    /admin: меню администратора
    /login: подключить аккаунт хостинга
    /servers: серверы хостинга
help-support = Поддержка: { $contact }

## Language

language-choose = Выберите язык:
language-changed = Язык переключён на русский.

## Errors

error-generic = Извините, у нас что-то пошло не так. Попробуйте ещё раз чуть позже.
error-unknown-command = Я не знаю такой команды. /help покажет, что я умею.
rate-limited = Слишком много запросов подряд. Подождите несколько секунд и попробуйте снова.
error-blocked = Ваш доступ к магазину заблокирован. Если это ошибка, напишите в поддержку.
error-blocked-support = Ваш доступ к магазину заблокирован. Если это ошибка, напишите в поддержку: { $contact }.
error-not-admin = Это действие доступно только администраторам магазина.
error-menu-outdated = Это меню устарело, вот свежее.
cancelled = Отменено.
nothing-to-cancel = Нечего отменять.
free-text-hint = Я отвечаю на кнопки и команды: вот меню. Подробнее — в /help.

## Conversations

conv-cancel = ✖ Отмена
conv-send-text = Пришлите ответ текстовым сообщением или нажмите «Отмена».
secret-late-deleted = Я удалил ваше сообщение: оно пришло, когда вопрос уже был закрыт, и в нём может быть пароль или ключ. Если нужно, начните заново (например, /login).

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
admin-private-only = Функции администратора работают только в личном чате с ботом.

## Hosting account

account-not-linked =
    🏦 <b>Аккаунт хостинга</b>
    Аккаунт хостинга ещё не подключён. Подключите его логином и паролем от веб-кабинета или вставьте API-ключ, созданный в кабинете.
account-env-key = API-ключ задан настройкой ACCOUNT_API_KEY ({ $prefix }); уберите её, чтобы подключать аккаунт в чате.
account-card =
    🏦 <b>Аккаунт хостинга</b>
    Пользователь: { $username }
    Telegram id: <code>{ ID($tgid) }</code>
    Баланс: <b>{ $balance }</b> { $currency }
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

## Servers

servers-title = 🖥 <b>Серверы</b> ({ $count })
servers-page = Страница { $page } из { $pages }
servers-empty = В аккаунте хостинга пока нет серверов.
servers-item = { $emoji } <b>{ $name }</b>: { $status } · { $kind } · { $days }
servers-days-left = { $days ->
    [one] остался { $days } день
    [few] осталось { $days } дня
   *[other] осталось { $days } дней
}
servers-status-active = активен
servers-status-expired = истёк
servers-status-suspended = приостановлен
servers-kind-xui = xui
servers-kind-remnanode = remnanode
servers-kind-other = другой
servers-prev = ‹ Назад
servers-next = Дальше ›
servers-back-list = « Серверы
servers-back-card = « К серверу
servers-card =
    🖥 <b>{ $name }</b> (#{ ID($id) })
    Статус: { $emoji } { $status }
    Тип: { $kind }
    Тариф: { $tariff }
    Истекает: { $expires } ({ $days })
    CPU: { $cpu } { $cores ->
        [one] ядро
        [few] ядра
        [many] ядер
       *[other] ядра
    } · Память: { $memory } МБ · Диск: { $disk } ГБ
    Флаги: { $flags }
servers-flag-bypass = обход
servers-flag-xui = xui
servers-flag-remnanode = remnanode
servers-live =
    <b>Сейчас</b>
    Состояние: { $state }
    Загрузка CPU: { $cpu }% · RAM: { $ram }%
    Аптайм: { $uptime }
servers-stats-unavailable = <b>Сейчас</b>: статистика недоступна ({ $reason })
servers-state-running = 🟢 работает
servers-state-offline = 🔴 выключен
servers-state-unknown = неизвестно
servers-start = ▶️ Запустить
servers-stop = ⏹ Остановить
servers-restart = 🔁 Перезапустить
servers-extend = 📅 Продлить на 30 дней
servers-core = ⚙️ Версия ядра
servers-config = 📄 Конфиг
servers-regen = ♻️ Перевыпустить
servers-users = 👥 Пользователи
servers-inbounds = 📥 Инбаунды
servers-no = ✖ Нет
servers-already-done = Это уже сделано.
servers-confirm-expired = Срок подтверждения истёк. Откройте действие заново из карточки сервера.
servers-power-confirm-start = ▶️ Запустить сервер «{ $name }»?
servers-power-confirm-stop = ⏹ Остановить сервер «{ $name }»? Его пользователи потеряют связь, пока сервер снова не запустят.
servers-power-confirm-restart = 🔁 Перезапустить сервер «{ $name }»? Его пользователи ненадолго отключатся.
servers-power-done-start = ✅ Запуск выполнен.
servers-power-done-stop = ✅ Остановка выполнена.
servers-power-done-restart = ✅ Перезапуск выполнен.
servers-power-state = Состояние сейчас: { $state }.
servers-extend-confirm =
    📅 <b>Продлить сервер «{ $name }» на 30 дней?</b>
    Сейчас истекает: { $expires } ({ $days })
    { $price }
    Баланс аккаунта: { $balance }
    Продление оплачивается с баланса аккаунта.
servers-extend-price-learned = Цена: { $price } (столько стоило прошлое продление)
servers-extend-price-hint = Цена: около { $price } (указана в настройках)
servers-extend-price-unknown = Цена: неизвестна до первого продления
servers-extend-yes = ✅ Да, продлить
servers-extend-done =
    ✅ Сервер «{ $name }» продлён на 30 дней.
    Новая дата окончания: { $expires } ({ $days })
    Баланс аккаунта: { $balance }
servers-extend-no-balance = ❌ Недостаточно средств для продления; ничего не списано. Пополните баланс в веб-кабинете и попробуйте снова.
servers-extend-unknown = ⚠️ Хостинг не дал внятного ответа, поэтому результат неизвестен: сервер мог быть продлён, а мог и нет. Прежде чем пробовать снова, проверьте дату окончания в карточке сервера.
servers-balance-unknown = неизвестен
servers-extend-checked = ℹ️ Хостинг не дал внятного ответа, поэтому я проверил сервер: продление прошло (списано один раз).
servers-extend-already = ✅ Сервер «{ $name }» уже продлён для этой даты окончания: теперь { $expires } ({ $days }). За это нажатие ничего не списано.
servers-extend-changed = ℹ️ Дата окончания сервера «{ $name }» изменилась после этого подтверждения: теперь { $expires } ({ $days }). Ничего не списано; если продление всё ещё нужно, откройте его заново.
servers-extend-busy = ⏳ Этот сервер прямо сейчас продлевается (другим нажатием или автопродлением). За это нажатие ничего не списано; через минуту результат появится в карточке сервера.
servers-extend-blocked = ⏳ Прошлое продление этого сервера не получило внятного ответа и ещё может пройти, поэтому новое заблокировано до { $time }. За это нажатие ничего не списано.
servers-extend-not-charged = ⚠️ Хостинг не дал внятного ответа ({ $reason }), поэтому я проверил сервер: он не продлён, ничего не списано. Можно попробовать снова.
servers-extend-retry = 🔁 Попробовать снова
servers-extend-retry-blocked = Запрос ещё может пройти, поэтому новое продление этого сервера заблокировано до { $time }; перед ним бот сначала проверит дату окончания.
servers-extend-retry-checks = Новое продление этого сервера сначала проверит дату окончания, так что дважды списать не получится.
servers-config-xui =
    📄 <b>Панель сервера #{ ID($id) }</b>
    Панель: { $url }
    Пользователь: <code>{ $username }</code>
    Пароль: <tg-spoiler>{ $password }</tg-spoiler>
    Веб-путь: <code>{ $webPath }</code>
    Адрес ноды: <code>{ $node }</code>
servers-config-caption = 📄 Профиль конфигурации сервера #{ ID($id) }. Загрузите его в свою панель управления.
servers-regen-warning-xui =
    ⚠️ <b>Перевыпустить конфиг «{ $name }»?</b>
    Будет создан новый инбаунд, и все пользователи (клиенты) текущего инбаунда <b>перестанут работать</b>: им понадобятся новые ссылки. Это нельзя отменить.
servers-regen-warning-remnanode =
    ⚠️ <b>Перевыпустить конфиг «{ $name }»?</b>
    Будут созданы новые reality-ключи и новый профиль, а <b>старые ключи станут недействительны</b>: подключения на текущем профиле сломаются, пока ваша панель не загрузит новый. Это нельзя отменить.
servers-regen-warning-other =
    ⚠️ <b>Перевыпустить конфиг «{ $name }»?</b>
    Текущий конфиг <b>перестанет работать</b>. Это нельзя отменить.
servers-regen-yes = ⚠️ Да, перевыпустить
servers-regen-done-xui = ✅ Конфиг перевыпущен: создан новый инбаунд (id { $inbound }). Пользователи старого инбаунда больше не работают; создайте их заново.
servers-regen-done-xui-noid = ✅ Конфиг перевыпущен: создан новый инбаунд. Пользователи старого инбаунда больше не работают; создайте их заново.
servers-regen-done-remnanode = ✅ Конфиг перевыпущен с новыми reality-ключами. Новый профиль придёт следующим сообщением в виде JSON-документа.
servers-regen-caption = 📄 Новый профиль конфигурации сервера #{ ID($id) }. Загрузите его в свою панель; старые ключи больше недействительны.
servers-core-title =
    ⚙️ <b>Версия прокси-ядра «{ $name }»</b>
    Установлена сейчас: { $current }
    Выберите версию для установки. Сервер должен быть запущен.
servers-core-default = { $version } (по умолчанию)
servers-core-current-unknown = неизвестна (этот бот её ещё не устанавливал)
servers-core-confirm =
    ⚙️ <b>Установить прокси-ядро версии { $version } на «{ $name }»?</b>
    Установлена сейчас: { $current }
    Замена: { $from } → { $version }
    Сервер должен быть запущен.
servers-core-yes = ✅ Да, установить { $version }
servers-core-done = ✅ На сервере #{ ID($id) } теперь прокси-ядро версии { $version }.
servers-core-not-running = Сервер не запущен; запустите его, подождите около 30 секунд и попробуйте снова.
servers-core-no-pin = На этом сервере нет блока core-pin; версию изменить нельзя.
servers-core-files = Не удалось прочитать или записать файлы сервера; попробуйте позже или обратитесь в поддержку хостинга.

## xui users

xui-list-title = 👥 <b>Пользователи xui сервера #{ ID($id) }</b>
xui-list-summary = Инбаунд { $inbound } · { $count ->
    [one] { $count } пользователь
    [few] { $count } пользователя
    [many] { $count } пользователей
   *[other] { $count } пользователя
} · страница { $page } из { $pages }
xui-list-empty = Пользователей пока нет. Нажмите «Создать пользователя», чтобы добавить первого.
xui-list-line = { $mark }<b>{ $name }</b> — { $usage } · { $expiry }
xui-used-of = { $used } / { $limit }
xui-unlimited = безлимит
xui-no-expiry = бессрочно
xui-until = до { $date }
xui-page-prev = ‹ Назад
xui-page-next = Далее ›
xui-create = ➕ Создать пользователя
xui-inbounds = 📡 Инбаунды
xui-users = 👥 Пользователи
xui-back-server = « К серверу
xui-back-list = « К пользователям
xui-only-xui = Пользователями здесь можно управлять только на серверах типа xui. На сервер remnanode пользователи добавляются из вашей собственной панели управления.
xui-status-active = ✅ активен
xui-status-disabled = 🚫 отключён (заблокирован)
xui-status-expired = ⌛ срок истёк
xui-status-depleted = 📉 лимит трафика исчерпан
xui-card-title = 👤 <b>{ $name }</b> · сервер #{ ID($id) }
xui-card-status = Статус: { $status }
xui-card-limit = Лимит трафика: { $limit }
xui-card-used = Использовано: { $used } (↑ { $up } · ↓ { $down })
xui-card-expiry = Действует до: { $date }
xui-card-expiry-left = Действует до: { $date } ({ $days ->
    [one] остался { $days } день
    [few] осталось { $days } дня
    [many] осталось { $days } дней
   *[other] осталось { $days } дня
})
xui-card-no-expiry = Действует: бессрочно
xui-card-uuid = UUID: <code>{ $uuid }</code>
xui-btn-limit = 📦 Изменить лимит
xui-btn-term = 📅 Задать срок
xui-btn-ban = 🚫 Заблокировать
xui-btn-unban = ✅ Разблокировать
xui-btn-delete = 🗑 Удалить
xui-banned = 🚫 <b>{ $name }</b> заблокирован: пользователь сохранён, но не сможет подключиться, пока его не разблокируют.
xui-unbanned = ✅ <b>{ $name }</b> разблокирован и снова может подключаться.
xui-delete-confirm =
    🗑 <b>Удалить пользователя { $name }?</b>
    Его VLESS-ссылка и подписка сразу перестанут работать. Это нельзя отменить.
xui-delete-yes = 🗑 Да, удалить
xui-deleted = 🗑 Пользователь <b>{ $name }</b> удалён.
owners-warning = ⚠️ { $count ->
        [one] На нём { $count } покупатель:
        [few] На нём { $count } покупателя:
       *[other] На нём { $count } покупателей:
    }
owners-line = • { $who } · { $plan }, до { $until }
owners-delete-note = Их подписки в магазине будут отмечены как удалённые: это видно в /my, напоминания прекратятся.
owners-rename-note = Их подписки в магазине перейдут на новое имя.
owners-regen-note = Их ссылки перестанут работать; нужен новый доступ, сам он пока заново не выдаётся.
owners-removed = 🔗 Отмечены в магазине как удалённые: { $who }.
owners-renamed = 🔗 Магазин теперь знает новое имя для: { $who }.
owners-not-followed = ⚠️ Не удалось обновить записи магазина о покупателях на этом клиенте; проверьте их подписки.
owners-term = 🔗 Срок и напоминания в магазине следуют за новым сроком для: { $who }.
owners-regen-done = ⚠️ { $count ->
        [one] На этом сервере была { $count } подписка магазина; её ссылки перестали работать:
        [few] На этом сервере было { $count } подписки магазина; их ссылки перестали работать:
       *[other] На этом сервере было { $count } подписок магазина; их ссылки перестали работать:
    }
xui-delete-already = Это удаление уже выполнено (кнопку нажали несколько раз).
xui-delete-expired = Срок этого подтверждения истёк. Откройте пользователя снова, чтобы удалить его.
xui-ask-name =
    ➕ <b>Новый пользователь на сервере #{ ID($id) }</b>
    Отправьте <b>имя</b>: от 1 до 32 символов, латинские буквы, цифры и _ . @ - (без пробелов).
    Отправьте <code>-</code>, чтобы хостинг сам придумал имя.
xui-name-invalid = Имя: от 1 до 32 символов из латинских букв, цифр и _ . @ - (без пробелов), или <code>-</code>, чтобы имя придумал хостинг.
xui-ask-gb = Лимит трафика в <b>ГБ</b>, например 50 или 2,5. Отправьте <code>0</code> для безлимита.
xui-gb-invalid = Отправьте число ГБ, 0 или больше (0 = безлимит), например 50 или 2,5.
xui-ask-days = Срок в <b>днях, считая от сегодня</b>, например 30. Отправьте <code>0</code>, чтобы срок был бессрочным.
xui-days-invalid = Отправьте целое число дней, 0 или больше (0 = бессрочно), например 30.
xui-created = ✅ Пользователь <b>{ $name }</b> создан на сервере #{ ID($id) }.
xui-created-renamed = ⚠️ Имя <b>{ $wanted }</b> уже было занято, поэтому хостинг назвал пользователя <b>{ $name }</b>. Используйте дальше это имя.
xui-created-generated = Хостинг придумал имя <b>{ $name }</b>.
xui-created-terms = Лимит: { $limit } · Срок: { $term }
xui-term-days = { $days ->
    [one] { $days } день
    [few] { $days } дня
    [many] { $days } дней
   *[other] { $days } дня
} от сегодня
xui-created-link = 🔗 <b>VLESS-ссылка</b> (нажмите, чтобы скопировать):
xui-created-subs = 📥 <b>Ссылки подписки</b>:
xui-created-no-subs = (хостинг не вернул ссылок подписки)
xui-qr-caption = QR-код VLESS-ссылки пользователя { $name }
xui-open-card = 👤 Открыть пользователя
xui-ask-limit = 📦 Отправьте новый лимит трафика пользователя <b>{ $name }</b> в <b>ГБ</b>, например 50 или 2,5 (0 = безлимит). Уже использованный трафик не обнуляется.
xui-limit-set = ✅ Лимит трафика пользователя <b>{ $name }</b> теперь { $limit }.
xui-ask-term = 📅 Задайте новый срок для <b>{ $name }</b>: отправьте N — число дней, считая от сегодня (0 = бессрочно). Новый срок заменяет текущий, а не прибавляется к нему.
xui-term-set = ✅ Новый срок <b>{ $name }</b>: { $days ->
    [one] { $days } день
    [few] { $days } дня
    [many] { $days } дней
   *[other] { $days } дня
} от сегодня, до { $date }.
xui-term-set-days = ✅ Новый срок <b>{ $name }</b>: { $days ->
    [one] { $days } день
    [few] { $days } дня
    [many] { $days } дней
   *[other] { $days } дня
} от сегодня.
xui-term-set-none = ✅ <b>{ $name }</b> теперь без срока (бессрочно).
xui-inbounds-title = 📡 <b>Инбаунды сервера #{ ID($id) }</b>
xui-inbounds-empty = В панели нет инбаундов.
xui-inbound-line =
    <b>#{ ID($id) }</b> { $remark }
    { $protocol } · { $network } · порт { $port } · путь { $path } · { $clients }
xui-inbound-clients = { $count ->
    [one] { $count } пользователь
    [few] { $count } пользователя
    [many] { $count } пользователей
   *[other] { $count } пользователя
}
xui-inbound-clients-unknown = пользователей: ?

## Access delivery

access-term = Действует до { $until } · Трафик: { $traffic } · Устройств: { $devices }
access-no-expiry = без срока
access-unlimited = без ограничений
access-links = 🔗 <b>{ $count ->
    [one] Ссылка для подключения
   *[other] Ссылки для подключения
  }</b> (нажмите, чтобы скопировать):
access-subscription = 📥 <b>Ссылка подписки</b> (добавьте её в приложение, она сама обновляет список серверов):
access-howto =
    <b>Как подключиться</b>
    • <b>Android</b>: Hiddify или v2rayNG → ➕ → Импорт из буфера обмена
    • <b>iOS</b>: Streisand или V2Box → ➕ → Добавить из буфера обмена
    • <b>Windows</b>: Hiddify или v2rayN → Добавить профиль из буфера обмена
    • <b>macOS</b>: Hiddify или V2Box → Импорт из буфера обмена
    • <b>Linux</b>: Hiddify или Nekoray → Импорт из буфера обмена
    Или отсканируйте QR-код в приложении.
access-qr-caption = QR-код для VPN-приложения
delivery-ready = ✅ <b>Ваш VPN готов: { $plan }</b>
delivery-trial = 🎁 <b>Пробный период готов: { $days ->
    [one] { $days } день
    [few] { $days } дня
   *[many] { $days } дней
}, { $traffic }</b>
delivery-trial-unlimited = трафик без ограничений
delivery-renewed = 🔄 <b>Продлено: { $plan }</b>
delivery-open-my = 🔑 Мои подписки
drift-access-recreated = 🔧 <b>Доступ к VPN создан заново: { $plan }</b>
    Прежний доступ перестал работать на стороне хостинга, поэтому мы создали его заново с тем же сроком. Замените в приложении старую ссылку или подписку на новую ниже.
drift-access-moved = 🔀 <b>Ваш VPN перенесён на другой сервер: { $plan }</b>
    Прежний сервер больше недоступен, поэтому мы перенесли доступ с тем же сроком и оставшимся трафиком. Замените в приложении старую ссылку на новую ниже.
delivery-failed = 😔 Не удалось подключить VPN. { $amount } вернулись на ваш кошелёк: их можно потратить на другую покупку или попробовать позже. Администраторы уже знают.
delivery-failed-trial = 😔 Не удалось подключить пробный период. Попробуйте /trial позже; администраторы уже знают.
delivery-delayed = ⏳ Это занимает больше времени, чем обычно: хостинг пока не отвечает. Ваш платёж в сохранности: доступ к VPN придёт сюда сам, как только будет готов, или деньги вернутся на ваш баланс.
delivery-delayed-renewal = ⏳ Продление занимает больше времени, чем обычно: хостинг пока не отвечает. Ваш платёж в сохранности: новый срок применится сам, и мы напишем сюда, или деньги вернутся на ваш баланс.
delivery-delayed-trial = ⏳ Пробный период готовится дольше обычного: хостинг пока не отвечает. Доступ придёт сюда сам, как только будет готов.
alert-order-failed = ⚠️ Заказ { $order } не выполнен: { $what }. Покупатель { ID($customer) }, тариф { $plan }; { $amount } возвращено на кошелёк. Подробности — в логе.
alert-renewal-failed = ⚠️ Продление { $order } подписки { $subscription } не выполнено: { $what }. Покупатель { ID($customer) }, тариф { $plan }; { $amount } возвращено на кошелёк, срок подписки не изменился. Подробности — в логе.
alert-order-orphan = 🧹 Его клиента { $name } ({ $place }) не удалось удалить: удалите его вручную.
renewal-failed = 😔 Не удалось продлить «{ $plan }». { $amount } вернулись на ваш кошелёк. Подписка действует по-прежнему, до { $date }; попробуйте продлить позже. Администраторы уже знают.
renewal-failed-no-date = 😔 Не удалось продлить «{ $plan }». { $amount } вернулись на ваш кошелёк. Подписка действует по-прежнему; попробуйте продлить позже. Администраторы уже знают.
failure-api = { $api ->
    [account] API хостинга
    [panel] панель
   *[node] нода
}
failure-op = { $op ->
    [create] создать клиента
    [change] изменить клиента
    [delete] удалить клиента
   *[read] прочитать клиента
}
failure-refused = { $api ->
    [account] API хостинга отказался
    [panel] панель отказалась
   *[node] нода отказалась
} { failure-op } ({ $status } { $detail })
failure-unauthorized = { $api ->
    [account] API хостинга не принял наш ключ
    [panel] панель не приняла наш токен
   *[node] нода не приняла наш токен
} ({ $status })
failure-lte = для сервера не куплен доступ LTE ({ $status })
failure-forbidden = в аккаунте хостинга не указаны e-mail и никнейм ({ $status })
failure-internal = { $api ->
    [account] внутренняя ошибка API хостинга
    [panel] внутренняя ошибка панели
   *[node] внутренняя ошибка ноды
} ({ $status })
failure-unavailable = { $api ->
    [account] API хостинга был временно недоступен
    [panel] панель была временно недоступна
   *[node] нода была временно недоступна
} ({ $status })
failure-timeout = { $api ->
    [account] API хостинга не ответил вовремя
    [panel] панель не ответила вовремя
   *[node] нода не ответила вовремя
}
failure-unreachable = { $api ->
    [account] до API хостинга не удалось достучаться
    [panel] до панели не удалось достучаться
   *[node] до ноды не удалось достучаться
}
failure-unreadable = { $api ->
    [account] API хостинга прислал непонятный ответ
    [panel] панель прислала непонятный ответ
   *[node] нода прислала непонятный ответ
}
failure-input = запрос отклонён до отправки: { $detail }
failure-provisioning = не удалось подключить: { $detail }
failure-unknown = непредвиденная ошибка
failure-place-xui = xui-сервер #{ ID($id) }
failure-place-panel = локации панели { $locations }
failure-place-node = нода

## Payments

invoice-order-title = Тариф VPN
invoice-renewal-title = Продление VPN
invoice-order-description = { $plan }. Цена { $amount }.
invoice-order-description-rest = { $plan }: к оплате { $due }; ещё { $covered } из { $price } спишется с баланса кошелька.
invoice-topup-title = Пополнение кошелька
invoice-topup-description = Добавляет { $amount } на ваш кошелёк в VPN-магазине.
invoice-try-again = Магазин сейчас занят. Попробуйте ещё раз через минуту.
invoice-already-sent = Счёт уже отправлен: он в чате выше, оплатите его там. Новый можно будет получить через несколько минут.
invoice-refused-invoice-invalid = Этот счёт больше не соответствует заказу. Начните покупку заново.
invoice-refused-invoice-expired = Срок действия счёта истёк. Начните покупку заново.
invoice-refused-blocked = Ваш доступ к магазину заблокирован.
payment-order-paid = ✅ Оплата получена. Готовим ваш VPN-доступ, это займёт несколько секунд…
payment-order-short = Оплата зачислена на кошелёк (баланс { $balance }), но её уже не хватает на этот заказ. Откройте кошелёк, чтобы пополнить его или купить снова.
payment-order-expired = ✅ Оплата { $amount } получена. Срок заказа истёк, поэтому деньги на вашем кошельке (баланс { $balance }); ими можно оплатить покупку в любое время.
payment-order-already-paid = ✅ Оплата { $amount } получена. Этот заказ уже был оплачен, поэтому эти деньги на вашем кошельке (баланс { $balance }); ими можно оплатить покупку в любое время.
payment-order-promo-refused = ✅ Оплата { $amount } получена, но { $reason ->
    [not-new] промокод <b>{ $code }</b> только для новых покупателей, а другой ваш заказ оплачен раньше.
   *[other] промокод <b>{ $code }</b> в этом заказе больше нельзя использовать.
} Этот заказ отменён, деньги на вашем кошельке (баланс { $balance }): купить тариф по полной цене можно в любое время.
payment-topup-done = ✅ На кошелёк зачислено { $amount }. Баланс: { $balance }.
payment-stored-later = ✅ Платёж получен и сохранён. Зачисление займёт чуть больше времени, чем обычно; когда всё будет готово, вы получите сообщение здесь.

## Reconciliation

reconcile-order = ✅ Мы нашли ваш платёж { $amount }, который до нас не дошёл. Заказ уже готовится.
reconcile-credited = ✅ Мы нашли ваш платёж { $amount }, который до нас не дошёл. Он зачислен на кошелёк (баланс { $balance }).

## Admin: customers and failed orders

admin-customers = 👥 Клиенты
admin-failed-orders = ⚠️ Сбойные заказы
customers-title = 👥 <b>Клиенты</b>: { $count }
customers-hint = Найдите клиента по Telegram id или @username, чтобы увидеть его кошелёк, журнал операций, подписки и заказы.
customers-find = 🔍 Найти клиента
customers-recent = Новые клиенты:
customers-back = « Клиенты
customers-back-card = « Клиент
customers-back-subs = « Подписки
customers-cancel = ✖ Отмена
customers-gone = Клиента с id <code>{ ID($id) }</code> нет.
customers-ask-query = Пришлите <b>Telegram id</b> клиента (например, 123456789) или <b>@username</b>.
customers-query-invalid = Пришлите числовой Telegram id или @username (буквы, цифры и _).
customers-not-found = Клиент <b>{ $query }</b> не найден (возможно, он ещё не запускал бота). Пришлите другой id или @username или нажмите «Отмена».
customers-card-title = 👤 <b>{ $name }</b> · { $username }
customers-card-id = ID: <code>{ ID($id) }</code>
customers-card-language = Язык: { $language }
customers-lang-en = английский
customers-lang-ru = русский
customers-lang-uk = украинский
customers-lang-fa = персидский
customers-card-joined = С нами с: { $date }
customers-card-blocked = Статус: ⛔ заблокирован
customers-card-not-blocked = Статус: ✅ не заблокирован
customers-card-bot-blocked = ⚠️ Клиент заблокировал бота.
customers-card-trial-used = Пробный период: использован { $date }
customers-card-trial-unused = Пробный период: не использован
customers-card-balance = Кошелёк: <b>{ $balance }</b>
customers-card-subs = Подписки: { $count } (активных: { $active })
customers-btn-ledger = 📒 Журнал
customers-btn-subs = 🔑 Подписки
customers-btn-orders = 🧾 Заказы
customers-btn-credit = ➕ Начислить
customers-btn-debit = ➖ Списать
customers-btn-block = ⛔ Заблокировать
customers-btn-unblock = ✅ Разблокировать
customers-blocked = ⛔ Клиент заблокирован: он больше не может покупать, продлевать и платить.
customers-unblocked = ✅ Клиент разблокирован.
customers-told = 📨 Клиенту сообщили.
customers-not-told = 📭 Клиенту не удалось сообщить (он заблокировал бота или недоступен).
customers-ask-block-reason = ⛔ За что блокируем <b>{ $name }</b>? Пришлите <b>причину</b> (до 200 символов) — клиент её увидит.
customers-confirm-block =
    Заблокировать { $name } (<code>{ ID($id) }</code>)?
    Причина: <i>{ $reason }</i>
    Клиент больше не сможет покупать, продлевать и платить и получит сообщение с причиной.
customers-block-yes = ⛔ Да, заблокировать
notice-credited = 💰 Администратор магазина зачислил на ваш кошелёк { $amount }. Причина: <i>{ $reason }</i>. Баланс: { $balance }.
notice-debited = 💸 Администратор магазина списал с вашего кошелька { $amount }. Причина: <i>{ $reason }</i>. Баланс: { $balance }.
notice-blocked = ⛔ Администраторы магазина заблокировали ваш доступ. Причина: <i>{ $reason }</i>
notice-unblocked = ✅ Ваш доступ к магазину восстановлен: снова можно покупать и продлевать.
customers-page-prev = ‹ Назад
customers-page-next = Далее ›
customers-ledger-title = 📒 <b>Журнал операций: { $name }</b> · записей: { $count } · стр. { $page } из { $pages }
customers-ledger-empty = Движений по кошельку пока нет.
customers-ledger-line = { $date } · { $kind } · <b>{ $amount }</b> → { $balance }
customers-ledger-note = ↳ <i>{ $note }</i>
customers-kind-topup = пополнение
customers-kind-purchase = покупка
customers-kind-renewal = продление
customers-kind-refund = возврат
customers-kind-stars-refund = возврат звёзд
customers-kind-admin-credit = начисление администратором
customers-kind-admin-debit = списание администратором
customers-kind-referral = реферальное вознаграждение
customers-kind-referral-back = возврат реферального вознаграждения
customers-kind-promo = промокод
customers-subs-title = 🔑 <b>Подписки: { $name }</b> ({ $count })
customers-subs-empty = Подписок нет.
customers-subs-line = • <b>{ $plan }</b>{ $trial } — до { $until } · { $status }
customers-sub-trial-mark = { " " }(пробная)
customers-sub-status-active = ✅ активна
customers-sub-status-expired = ⌛ истекла
customers-sub-status-removed = 🗑 удалена администратором
customers-no-expiry = бессрочно
customers-unlimited = без ограничений
customers-sub-title = 🔑 <b>{ $plan }</b>{ $trial }
customers-sub-id = Подписка: <code>{ ID($id) }</code>
customers-sub-status = Статус: { $status }
customers-sub-expiry = Действует до: { $date }
customers-sub-terms = Трафик: { $traffic } · Устройств: { $devices }
customers-sub-backend = Бэкенд: { $kind } · клиент <code>{ $name }</code>
customers-sub-locations = 📍 { $locations }
customers-sub-links = Ссылок: { $count }
customers-sub-url = Ссылка подписки: <code>{ $url }</code>
customers-sub-no-url = Ссылка подписки: нет
customers-sub-frozen = ❄️ Заморожена с { $since } до { $until } · сохранено дней: { $bank } · затем заканчивается { $end }
customers-sub-freeze-asked = ❄️ Заморозка на { $days } дн. запрошена и ждёт своей очереди.
customers-sub-freeze-unfreezing = ▶️ Размораживается: фоновая задача завершит это в течение нескольких минут.
customers-sub-freezes-used = Заморозок за последние 365 дней: { $used } из { $limit }
customers-unfreeze-button = ▶️ Снять заморозку
customers-unfreeze-done = ▶️ Заморозка снята: подключение снова работает, подписка заканчивается { $end }.
customers-unfreeze-retrying = ⏳ Хостинг не ответил: фоновая задача завершит разморозку в течение нескольких минут.
customers-unfreeze-busy = ⏳ Заморозка снимается прямо сейчас (другое нажатие или фоновая задача): откройте подписку снова через мгновение.
customers-unfreeze-not-frozen = Эта подписка не заморожена (уже): ничего не изменено.
notice-unfrozen = ▶️ Магазин снял заморозку вашей подписки: подключение снова работает, подписка заканчивается { $end }.
customers-orders-title = 🧾 <b>Заказы: { $name }</b> (сначала новые)
customers-orders-empty = Заказов нет.
customers-order-line = <code>{ $order }</code> · { $kind } · { $plan } · { $price } · { $status } · { $date }
customers-order-error = ↳ Ошибка: { $error }
customers-order-kind-purchase = покупка
customers-order-kind-renewal = продление
customers-order-kind-trial = пробный
customers-order-status-awaiting_payment = ждёт оплаты
customers-order-status-paid = оплачен
customers-order-status-provisioning = выполняется
customers-order-status-active = выполнен
customers-order-status-failed = сбой
customers-order-status-refunded = возвращён
customers-order-status-cancelled = отменён
customers-order-status-awaiting_claim = подарок, ждёт получателя
customers-btn-charge-again = 🔁 Повторить { $order } (списать снова)
customers-retry-confirm =
    Списать <b>{ $price }</b> с кошелька клиента { $name } (баланс { $balance }) за новый заказ <b>{ $plan }</b>?
    Возвращённый заказ <code>{ $order }</code> останется как есть.
customers-retry-promo = 🎟 Как в возвращённом заказе: промокод <b>{ $code }</b> (цена тарифа { $list }{ $days ->
    [0] {""}
    [one] , +{ $days } бонусный день
    [few] , +{ $days } бонусных дня
   *[many] , +{ $days } бонусных дней
}); его использование перейдёт к новому заказу.
customers-retry-yes = ✅ Списать и повторить
customers-retry-queued = ✅ Новый заказ <code>{ $order }</code> оплачен с кошелька ({ $price }) и поставлен в очередь.
customers-retry-insufficient = ⛔ Баланса { $balance } не хватает на { $price }. Ничего не списано.
customers-retry-blocked = ⛔ Клиент заблокирован: сначала разблокируйте его.
customers-retry-plan-gone = Тарифа { $plan } больше нет в каталоге: ничего не списано.
customers-retry-sub-gone = Подписки, которую продлевал этот заказ, больше нет: ничего не списано.
customers-retry-failed = Новый заказ не удалось оплатить: ничего не списано.
customers-retry-promo-gone = Использование промокода возвращённого заказа тем временем занято (новым заказом самого клиента): ничего не списано. Откройте заказы снова, чтобы увидеть цену сейчас.
customers-retry-already = Заказ <code>{ $order }</code> уже повторён как <code>{ $next }</code>.
customers-retry-busy = Этот заказ прямо сейчас повторяется.
customers-retry-not-refunded = Повторить со списанием можно только возвращённый заказ (заказ <code>{ $order }</code>: { $status }).
customers-ask-credit = Сколько <b>начислить</b> на кошелёк клиента { $name }, в { $currency }? Баланс сейчас: { $balance }.
customers-ask-debit = Сколько <b>списать</b> с кошелька клиента { $name }, в { $currency }? Баланс сейчас: { $balance }.
customers-amount-invalid-whole = Пришлите целое положительное число в { $currency }, например 150.
customers-amount-invalid = Пришлите положительную сумму в { $currency }, например 4,99.
customers-debit-over = На балансе только { $balance }: списание не может увести его в минус. Пришлите сумму меньше или нажмите «Отмена».
customers-debit-nothing = Кошелёк клиента { $name } пуст: списывать нечего.
customers-ask-reason = Теперь пришлите <b>причину</b> (до 200 символов). Она сохранится в журнале.
customers-reason-invalid = Причина должна быть длиной от 1 до { $max } символов.
customers-confirm-credit =
    Начислить <b>{ $amount }</b> клиенту { $name } (<code>{ ID($id) }</code>)?
    Причина: <i>{ $reason }</i>
    Баланс: { $balance } → { $after }
customers-confirm-debit =
    Списать <b>{ $amount }</b> с клиента { $name } (<code>{ ID($id) }</code>)?
    Причина: <i>{ $reason }</i>
    Баланс: { $balance } → { $after }
customers-confirm-yes = ✅ Подтвердить
customers-confirm-used = Это подтверждение уже использовано.
customers-confirm-expired = Срок подтверждения истёк. Начните заново из карточки клиента.
customers-adjust-already = Уже выполнено: { $amount }.
customers-adjust-currency-changed = Валюта магазина изменилась после подготовки операции. Ничего не изменено; начните заново.
customers-credited = ✅ Начислено { $amount }. Баланс: { $balance }.
customers-debited = ✅ Списано { $amount }. Баланс: { $balance }.
customers-debit-refused = ⛔ Отказано: баланса { $balance } не хватает на списание { $amount }. Ничего не изменено.
failed-orders-title = ⚠️ <b>Сбойные заказы</b> (возврат не завершён): { $count }
failed-orders-page = Страница { $page } из { $pages }
failed-orders-empty = Сбойных заказов нет. 🎉
failed-orders-item =
    <code>{ $order }</code> · { $date }
    Клиент: { ID($customer) } (<code>{ ID($id) }</code>)
    { $kind }: { $plan } · { $price }
    Ошибка: { $error }
failed-orders-retry = 🔁 Повторить { $order }
failed-orders-customer = 👤 Клиент
failed-orders-queued = ✅ Заказ <code>{ $order }</code> снова поставлен в очередь.
failed-orders-refunded = Заказ <code>{ $order }</code> уже возвращён, повторить его нельзя; повторите его со списанием из заказов клиента.
failed-orders-not-failed = Заказ <code>{ $order }</code> больше не в сбое (сейчас: { $status }).
failed-orders-gone = Такого заказа больше нет.
admin-payments = 💳 Платежи на проверку
admin-sync = 🔄 Сверка

## Сверка магазина с хостингом (issue 13)
sync-title = 🔄 Сверка с хостингом
sync-never = Сверка ещё не запускалась.
sync-last-run = Последняя сверка: { $date }, { $seconds } с
sync-found = Найдено: { $list }
sync-repaired = Исправлено: { $list }
sync-skipped = Не ответили (выводов не делали): { $list }
sync-gap-unreachable = Локация { $location }: не отвечает; в этот раз не сверена.
sync-gap-reads_failed = Локация { $location }: списка клиентов не отдаёт, а чтение клиентов магазина по одному не удалось (прочитано { $read } из { $total }); в этот раз не сверена.
sync-gap-read_limit = Локация { $location }: списка клиентов не отдаёт; в этот раз по одному прочитано { $read } из { $total ->
    [one] { $total } клиента
   *[other] { $total } клиентов
} магазина, остальные — в следующих сверках.
sync-gap-no_list = Локация { $location }: списка клиентов не отдаёт; { $total ->
    [0] клиентов магазина там нет
    [one] { $total } клиент магазина прочитан по одному
    [few] { $total } клиента магазина прочитаны по одному
   *[other] { $total } клиентов магазина прочитаны по одному
} (клиентов, созданных вручную, там не видно).
sync-waiting = { $count ->
    [one] { $count } находка ждёт вашего решения:
    [few] { $count } находки ждут вашего решения:
   *[other] { $count } находок ждут вашего решения:
}
sync-nothing-waiting = Решений ничего не ждёт.
sync-run-now = ▶️ Запустить сейчас
sync-run-queued = Сверка поставлена в очередь; обновите через минуту.
sync-refresh = 🔄 Обновить
sync-back = ⬅️ Назад
sync-finding-gone = Эта находка уже закрыта.
sync-found-at = Найдено: { $date }
sync-recreate = ♻️ Создать заново с тем же сроком
sync-move = 🚚 Перенести на другой сервер
sync-move-pick = На какой сервер перенести? Покупатель получит новые ссылки.
sync-move-to = { $name } (№{ $id }), клиентов: { $clients }
sync-no-servers = Нет другого активного сервера тарифа, оплаченного дольше срока этой подписки.
sync-delete = 🗑 Удалить
sync-delete-ask = Удалить этого клиента на хостинге? Ни одна подписка его не использует.
sync-delete-yes = 🗑 Да, удалить
sync-adopt = 🔗 Привязать к покупателю { $customer }
sync-done = ✅ Готово.
sync-already = Уже сделано.
sync-unavailable = ⚠️ Хостинг сейчас не отвечает; ничего не изменено. Попробуйте позже.
sync-refused = ⛔ Не сделано: { $reason } { $detail }
drift-kind-expiry_changed = срок изменён
drift-kind-traffic_changed = лимит трафика изменён
drift-kind-missing = клиент пропал
drift-kind-location_drift = локация расходится
drift-kind-orphan = клиент без подписки
drift-kind-server_gone = сервер недоступен
drift-line-expiry_changed = { $subscription } (покупатель { $customer }): срок изменён на хостинге с { $from } на { $to }; запись магазина обновлена
drift-line-traffic_changed = { $subscription } (покупатель { $customer }): лимит трафика изменён на хостинге; запись магазина обновлена
drift-line-missing = { $subscription } (покупатель { $customer }): подписка активна, а клиента на хостинге нет
drift-line-location_drift = { $subscription } (покупатель { $customer }): локация { $location } расходилась; срок возвращён к сроку магазина
drift-line-orphan = { $name } на { $place }: имя магазина, но подписки нет
drift-line-server_gone = { $subscription } (покупатель { $customer }): сервер { $server } { $reason }
drift-gone-expired = истёк
drift-gone-suspended = приостановлен
drift-gone-regenerated = перевыпущен (старые клиенты перестали работать)
drift-gone-removed = больше не числится в аккаунте
drift-report-head = 🔄 { $count ->
    [one] Сверка нашла { $count } новую находку:
    [few] Сверка нашла { $count } новые находки:
   *[other] Сверка нашла { $count } новых находок:
}
drift-report-more = …и ещё { $count } в разделе «Сверка».
drift-report-open = 🔄 Открыть «Сверку»

admin-referrals = 🤝 Реферальная программа
payments-inbox-title = 💳 <b>Платежи на проверку</b>
payments-inbox-pending = <b>Ещё не зачислены</b> (получены больше минуты назад; они зачисляются автоматически в течение нескольких минут, а оставшийся здесь стоит проверить): { $count }
payments-inbox-unmatched = <b>Не подошли ни к одному заказу плательщика</b> (деньги на кошельке плательщика): { $count }
payments-inbox-none = нет
payments-inbox-item =
    <code>{ $charge }</code> · { $date }
    { $amount } от <code>{ ID($payer) }</code> · счёт <code>{ $payload }</code>
payments-inbox-customer = 👤 Клиент { ID($payer) }
payments-inbox-why = ↳ { $why ->
    [amount] не та сумма, что запрошена: на балансе покупателя, заказ не оплачен
    [unknown] магазин его не запрашивал: на балансе покупателя
    [currency] другая валюта: задержан, ничего не зачислено
   *[other] не подходит ни к одному заказу
}

## Shop: buying, wallet, subscriptions, trial (customer side)

shop-private-only = Магазин работает в личном чате со мной: откройте его и отправьте там /buy.
shop-order-gone = Этого заказа больше нет. Начните заново с /buy.
shop-order-expired = Срок этого заказа истёк. Начните заново с /buy, чтобы увидеть актуальную цену.
shop-plan-gone = Этот тариф больше не продаётся. Выберите другой через /buy.
shop-unlimited = без ограничений
shop-days = { $days ->
    [one] { $days } день
    [few] { $days } дня
   *[many] { $days } дней
}
shop-traffic = трафик { $traffic }
shop-devices = устройств: { $devices }
shop-locations = 📍 { $names }
# Локация тарифа без имени в каталоге: главная панель или подключённая по её id.
location-main = Основная локация
location-node = Локация { $node }
shop-prev = ‹ Назад
shop-next = Дальше ›

buy-title = 🛒 <b>Выберите тариф</b>
buy-plan-line =
    <b>{ $title }</b> — { $price }
    { $details }
buy-plan-button = { $title } · { $price }
buy-card =
    <b>{ $title }</b>
    { $details }

    Цена: <b>{ $price }</b>
buy-button = ✅ Купить за { $price }
buy-all-plans = « Все тарифы
buy-confirm =
    🧾 <b>Ваш заказ</b>
    Тариф: <b>{ $plan }</b>
    Цена: <b>{ $price }</b>
    Баланс кошелька: { $balance }
buy-confirm-renewal =
    🔄 <b>Продление</b>
    Тариф: <b>{ $plan }</b>
    Цена: <b>{ $price }</b>
    Баланс кошелька: { $balance }
buy-renewal-rule =
    Действует сейчас до: { $current }
    После продления: <b>{ $next }</b>
    (от более поздней из дат — сегодня или текущий срок — плюс { $days ->
        [one] { $days } день
        [few] { $days } дня
       *[many] { $days } дней
    }: оставшееся время сохраняется)
buy-confirm-enough = Баланса хватает.
buy-renewal-after-pending = { $count ->
    [one] ⏳ Продление, оплаченное раньше, ещё применяется: это добавит свои дни после него.
    [few] ⏳ { $count } продления, оплаченные раньше, ещё применяются: это добавит свои дни после них.
   *[many] ⏳ { $count } продлений, оплаченных раньше, ещё применяются: это добавит свои дни после них.
}
buy-confirm-short = На балансе не хватает { $missing }: оплатите их счётом в Telegram, остальное ({ $covered }) спишется с баланса.
buy-confirm-invoice = Оплатите { $missing } счётом в Telegram.
buy-invoice-sent = 🧾 Счёт на { $amount } отправлен: оплатите его ниже.
buy-pay-balance = ✅ Оплатить { $price } с баланса
buy-pay-invoice = 💳 Оплатить { $amount } счётом
buy-cancel = ✖ Отменить
buy-cancelled = Заказ отменён. Деньги не списаны.
buy-promo-refused = ⛔ { $reason ->
    [not-new] Промокод <b>{ $code }</b> только для новых покупателей, а другой ваш заказ оплачен раньше.
   *[other] Промокод <b>{ $code }</b> в этом заказе больше нельзя использовать.
} Этот заказ отменён, с баланса ничего не списано: купить тариф по полной цене можно в любое время.
buy-cannot-cancel = Этот заказ уже оплачен, отменить его нельзя.
buy-already-paid = Этот заказ уже оплачен, доступ скоро придёт.
buy-balance-short = Баланса ({ $balance }) больше не хватает на этот заказ, поэтому вот счёт на недостающую сумму.
buy-paid = ✅ Оплачено { $price } с баланса (осталось { $balance }). Готовим доступ к VPN, это займёт несколько секунд…
buy-paid-renewal = ✅ Оплачено { $price } с баланса (осталось { $balance }). Продлеваем подписку, это займёт несколько секунд…
# Заказ, ставший бесплатным по промокоду на всю цену.
buy-confirm-free = Бесплатно по промокоду: с баланса ничего не спишется.
buy-get-free = 🎁 Получить бесплатно
buy-paid-free = ✅ Готово, бесплатно. { $kind ->
    [renewal] Продлеваем подписку, это займёт несколько секунд…
    [gift] Ссылка на подарок сейчас придёт…
   *[other] Готовим доступ к VPN, это займёт несколько секунд…
}

# Подарки: тариф, купленный для другого человека и полученный по ссылке
buy-gift-button = 🎁 Купить в подарок
buy-confirm-gift =
    🎁 <b>Подарок</b>
    Тариф: <b>{ $plan }</b>
    Цена: <b>{ $price }</b>
    Баланс кошелька: { $balance }
    После оплаты вы получите ссылку, которую можно переслать: подписку получит тот, кто откроет её первым.
buy-paid-gift = ✅ Оплачено { $price } с баланса (осталось { $balance }). Ссылка на подарок сейчас придёт…
payment-gift-paid = ✅ Оплата получена. Ссылка на подарок сейчас придёт…
gift-ready =
    🎁 <b>Подарок готов: { $plan }</b>
    Перешлите следующее сообщение тому, кому дарите: подписку получит тот, кто первым откроет ссылку.
    Ссылка действует до { $date }. Если до этого её никто не откроет, { $amount } вернутся на ваш кошелёк. Отменить подарок можно в разделе Кошелёк → 🎁 Мои подарки.
gift-forward =
    🎁 <b>Подарок для вас: { $plan }</b> ({ $days ->
        [one] { $days } день
        [few] { $days } дня
       *[many] { $days } дней
    } VPN).
    Откройте ссылку, чтобы получить его: { $link }
gift-delivered = 🎁 <b>Ваш подарок готов: { $plan }</b>
gift-failed = 😔 Ваш подарок ({ $plan }) получили, но подключить доступ не удалось. { $amount } вернулись на ваш кошелёк. Администраторы уже знают.
gift-failed-recipient = 😔 К сожалению, подключить подаренный доступ ({ $plan }) не удалось. Тому, кто его подарил, деньги вернулись.
gift-expired-refunded = ⌛ Ваш подарок ({ $plan }) никто не получил вовремя: ссылка истекла, { $amount } вернулись на ваш кошелёк.
gift-claimed-buyer = 🎁 Ваш подарок ({ $plan }) получил(а) { $name }.
gift-claim-ok = 🎁 <b>Вам подарок: { $plan }!</b> Подключаем доступ, это займёт несколько секунд…
gift-claim-yours = 🎁 Этот подарок уже ваш: доступ — в разделе 🔑 Мои подписки.
gift-claim-own = 🎁 Это ссылка на ваш собственный подарок: перешлите её тому, кому дарите. Отменить подарок можно в разделе Кошелёк → 🎁 Мои подарки.
gift-claim-taken = Этот подарок уже получил другой человек.
gift-claim-cancelled = Этот подарок отменил тот, кто его купил.
gift-claim-expired = ⌛ Срок действия этой ссылки на подарок истёк.
gift-claim-unknown = Ссылка на подарок недействительна. Проверьте, что открыли её целиком.
gift-my-button = 🎁 Мои подарки
gift-list-title = 🎁 <b>Мои подарки</b>
gift-list-empty = Вы ещё не покупали подарков. Откройте тариф в разделе 🛒 Купить и выберите 🎁 Купить в подарок.
gift-line-open = { $n }. <b>{ $plan }</b> · { $amount } · ждёт получателя, ссылка действует до { $date }
gift-line-claimed = { $n }. <b>{ $plan }</b> · { $amount } · получил(а) { $name } { $date }
gift-line-cancelled = { $n }. <b>{ $plan }</b> · { $amount } · отменён { $date }, деньги возвращены
gift-line-expired = { $n }. <b>{ $plan }</b> · { $amount } · истёк { $date }, деньги возвращены
gift-link-button = 🔗 Ссылка { $n }
gift-cancel-button = ✖ Отменить { $n }
gift-cancelled = ✅ Подарок отменён: { $amount } вернулись на ваш кошелёк (баланс { $balance }).
gift-gone = Этот подарок больше недоступен.
gift-was-claimed = Этот подарок уже получили, отменить его нельзя.
gift-was-cancelled = Этот подарок уже отменён, деньги вернулись на ваш кошелёк.
gift-was-expired = Срок подарка истёк, деньги вернулись на ваш кошелёк.

wallet-title =
    💰 <b>Ваш кошелёк</b>
    Баланс: <b>{ $balance }</b>

    Пополните его платежом в Telegram: выберите сумму или введите свою. С баланса можно оплачивать тарифы и продления.
wallet-topup-button = + { $amount }
wallet-custom = ✏️ Другая сумма
wallet-history = 📜 История
wallet-back = « Кошелёк
wallet-ask-amount = ✏️ На сколько пополнить? Отправьте сумму от { $min } до { $max }.
wallet-amount-invalid = Отправьте только сумму от { $min } до { $max }, например 12,50.
wallet-amount-invalid-stars = Отправьте целое число звёзд от { $min } до { $max }, например 300.
wallet-topup-refused = На такую сумму пополнить нельзя. Выберите другую.
wallet-history-title = 📜 <b>История кошелька</b> · страница { $page } из { $pages }
wallet-history-empty = 📜 В кошельке пока не было движений.
wallet-history-line = { $date } · { $kind } · <b>{ $amount }</b> → { $balance }
wallet-kind-topup = Пополнение
wallet-kind-purchase = Покупка
wallet-kind-renewal = Продление
wallet-kind-refund = Возврат
wallet-kind-stars-refund = Возврат звёзд
wallet-kind-admin-credit = Начисление магазином
wallet-kind-admin-debit = Списание магазином
wallet-kind-referral = Вознаграждение за приглашённого друга
wallet-kind-referral-back = Платёж друга возвращён: вознаграждение списано
wallet-kind-promo = Промокод

# Promo codes: customers
promo-usage = Отправьте код после команды, например <code>/promo SPRING</code>.
promo-ask = 🎟 Отправьте ваш промокод.
promo-button = 🎟 Есть промокод?
promo-refused-invalid = ❌ Промокода <b>{ $code }</b> нет. Проверьте, как он написан.
promo-refused-expired = ⌛ Срок действия промокода <b>{ $code }</b> истёк.
promo-refused-disabled = ⛔ Магазин отключил промокод <b>{ $code }</b>.
promo-refused-used-up = 😔 Промокод <b>{ $code }</b> закончился: использований не осталось.
promo-refused-already-used = Вы уже использовали промокод <b>{ $code }</b>.
promo-refused-wrong-plan = Промокод <b>{ $code }</b> не действует на этот тариф.
promo-refused-not-new = Промокод <b>{ $code }</b> только для новых покупателей (до первой оплаченной покупки).
promo-refused-not-for-orders = Промокод <b>{ $code }</b> пополняет кошелёк: отправьте <code>/promo { $code }</code>, чтобы его использовать.
promo-remembered-percent = 🎟 Промокод <b>{ $code }</b> принят: скидка { $percent }% на следующую покупку в течение 24 часов. Выберите тариф ниже.
promo-remembered-fixed = 🎟 Промокод <b>{ $code }</b> принят: скидка { $amount } на следующую покупку в течение 24 часов. Выберите тариф ниже.
promo-remembered-days = 🎟 Промокод <b>{ $code }</b> принят: { $days ->
    [one] { $days } бонусный день
    [few] { $days } бонусных дня
   *[many] { $days } бонусных дней
} к следующей покупке в течение 24 часов. Выберите тариф ниже.
promo-credited = 🎟 Промокод <b>{ $code }</b>: на кошелёк зачислено { $amount } (баланс теперь { $balance }).
promo-order-discount = 🎟 Промокод <b>{ $code }</b>: −{ $discount } (вместо { $list })
promo-order-days = 🎟 Промокод <b>{ $code }</b>: { $days ->
    [one] +{ $days } бонусный день
    [few] +{ $days } бонусных дня
   *[many] +{ $days } бонусных дней
}
invoice-promo-note = Применён промокод { $code } (вместо { $list }).

# Promo codes: admins
admin-promo = 🎟 Промокоды
promo-admin-title = 🎟 <b>Промокоды</b> ({ $count })
promo-admin-none = Промокодов пока нет.
promo-admin-line = <b>{ $code }</b> — { $what } · { $usage } · { $state }
promo-admin-usage = использовано { $used }/{ $total }, в резерве { $reserved }
promo-admin-state-live = действует
promo-admin-state-disabled = отключён
promo-admin-state-expired = истёк
promo-admin-what-percent = −{ $percent }%
promo-admin-what-fixed = −{ $amount }
promo-admin-what-days = { $days ->
    [one] +{ $days } день
    [few] +{ $days } дня
   *[many] +{ $days } дней
}
promo-admin-what-credit = +{ $amount } на кошелёк
promo-admin-new = ➕ Новый код
promo-admin-back = « Промокоды
promo-admin-disable = ⛔ Отключить
promo-admin-disabled-now = Код отключён: использовать его больше нельзя.
promo-admin-card =
    🎟 <b>{ $code }</b> — { $what } ({ $state })
    Использование: { $usage }
    Тарифы: { $plans }
    Действует до: { $expires }
    Использований на покупателя: { $perCustomer }
    Только для новых покупателей: { $newOnly }
promo-admin-all-plans = все
promo-admin-no-expiry = бессрочно
promo-admin-yes = да
promo-admin-no = нет
promo-admin-uses-title = <b>Последние использования</b>
promo-admin-no-uses = Ещё не использовался.
promo-admin-use-used = ✅ покупатель <code>{ $customer }</code> · { $what } · { $at }
promo-admin-use-reserved = ⏳ покупатель <code>{ $customer }</code> · { $what } (не оплачен) · { $at }
promo-admin-use-credit = зачисление на кошелёк
promo-admin-choose-kind = Что даёт новый код?
promo-admin-kind-percent = Скидка в процентах
promo-admin-kind-fixed = Скидка суммой
promo-admin-kind-days = Бонусные дни
promo-admin-kind-credit = Зачисление на кошелёк
promo-admin-ask-code = Отправьте код (3–32 латинские буквы, цифры, _ или -), например <code>SPRING25</code>.
promo-admin-invalid-code = Код — это 3–32 латинские буквы, цифры, _ или -. Отправьте другой.
promo-admin-ask-value-percent = Сколько процентов скидки? (1–100; 100 — заказ бесплатно)
promo-admin-ask-value-fixed = На сколько снизить цену? (сумма в валюте магазина)
promo-admin-ask-value-days = Сколько бонусных дней к покупке?
promo-admin-ask-value-credit = Какую сумму зачислить на кошелёк?
promo-admin-invalid-value-percent = Отправьте целое число от 1 до 100.
promo-admin-invalid-value-amount = Отправьте сумму больше нуля, например <code>50</code>.
promo-admin-invalid-value-days = Отправьте целое число дней от 1 до { $max }.
promo-admin-ask-plans = Для каких тарифов? Отметьте тарифы и нажмите ✅ Далее — или 🌐 Все тарифы.
promo-admin-invalid-plans = Отметьте тарифы выше и нажмите ✅ Далее, или 🌐 Все тарифы (или пришлите id тарифов через запятую).
promo-admin-ask-expiry = Сколько дней действует код? Отправьте число или <code>-</code>, если бессрочно.
promo-admin-invalid-expiry = Отправьте целое число дней от 1 до { $max } или <code>-</code>.
promo-admin-ask-total = Сколько использований всего? Отправьте число или <code>-</code> без ограничения.
promo-admin-ask-per-customer = Сколько использований на одного покупателя? Отправьте число или <code>-</code> для одного.
promo-admin-invalid-count = Отправьте целое число от 1 до { $max } или <code>-</code>.
promo-admin-ask-new-only = Только для новых клиентов (ещё без оплаченных заказов)?
promo-admin-invalid-yes-no = Нажмите ✅ Да или ❌ Нет выше.
promo-admin-exists = Код <b>{ $code }</b> уже есть: ничего не создано.

my-title = 🔑 <b>Ваши подписки</b>
my-title-page = 🔑 <b>Ваши подписки</b> · страница { $page } из { $pages }
my-empty = У вас пока нет подписок. Выберите тариф через /buy.
my-item = { $status } · <b>{ $plan }</b> · до { $expiry }
my-status-active = ✅ активна
my-status-expired = ⌛ истекла
my-status-disabled = ⏸ приостановлена
my-renew-removed = Эту подписку удалили администраторы магазина, продлить её нельзя. Выберите тариф в /buy.
my-status-removed = 🗑 удалена администраторами магазина
my-card-status = Статус: { $status }
my-card-expiry = Действует до: { $date }
my-card-traffic = Трафик: { $used } / { $limit }
my-card-devices = Устройств: { $devices }
my-usage-unknown = ?
my-usage-stale = ⚠️ Сейчас не удалось получить данные от хостинга, поэтому показаны последние известные значения.
my-problem-missing = ⚠️ Этот доступ сейчас не работает: на хостинге нет его клиента. Администраторы магазина уже знают и создадут его заново.
my-problem-server_gone = ⚠️ Этот доступ сейчас не работает: его сервер не обслуживается. Администраторы магазина уже знают и перенесут его; вы получите новые ссылки.
my-qr = 📷 QR-код
my-renew = 🔄 Продлить за { $price }
my-back = « Мои подписки
my-not-found = Подписка не найдена.
my-no-link = У этой подписки нет ссылки для QR-кода.
my-renew-not-sold = Этот тариф больше не продаётся, продлить его нельзя. Выберите тариф через /buy.
my-renew-disabled = Эта подписка заблокирована администраторами магазина, поэтому продлить её сейчас нельзя; деньги не списаны. Напишите в поддержку.
my-renew-disabled-support = Эта подписка заблокирована администраторами магазина, поэтому продлить её сейчас нельзя; деньги не списаны. Напишите в поддержку: { $contact }.

trial-preparing = 🎁 Готовим пробный период, это займёт несколько секунд…
trial-used = Вы уже использовали пробный период.
trial-none = Сейчас пробный период не предлагается.

remind-3d = ⏳ Ваша подписка <b>{ $plan }</b> закончится менее чем через 3 дня: { $date }.
remind-1d = ⏳ Ваша подписка <b>{ $plan }</b> закончится менее чем через сутки: { $date }.
remind-3h = ⚠️ Ваша подписка <b>{ $plan }</b> закончится менее чем через 3 часа: { $date }.
remind-expired = ⌛ Ваша подписка <b>{ $plan }</b> закончилась { $date }. VPN больше не работает.
remind-renew-hint = Продлите её в одно касание, чтобы остаться на связи.
remind-trial-hint = Это был ваш бесплатный пробный период. Чтобы пользоваться VPN дальше, выберите тариф через /buy.
remind-not-sold-hint = Этот тариф больше не продаётся. Выберите другой через /buy.
remind-button-renew = 🔄 Продлить
remind-button-buy = 🛒 Выбрать тариф
traffic-80 = 📶 Вы израсходовали { $percent }% трафика подписки <b>{ $plan }</b>: { $used } из { $limit }.
traffic-100 = 🚫 Трафик подписки <b>{ $plan }</b> закончился: израсходовано { $used } из { $limit }. VPN не будет работать, пока вы не продлите подписку.
traffic-renew-hint = Продление начинает новый срок со свежим объёмом трафика.
traffic-trial-hint = Это ваш бесплатный пробный период. Чтобы получить больше трафика, выберите тариф через /buy.
traffic-not-sold-hint = Этот тариф больше не продаётся. Выберите другой через /buy.
traffic-button-renew = 🔄 Продлить / пополнить
traffic-button-buy = 🛒 Выбрать тариф

## Server watch and shop settings

watch-offline = 🔴 Сервер <b>{ $name }</b> (#{ ID($id) }) недоступен с { $since } ({ $duration }). Уведомлено клиентов: { $customers }.
watch-offline-early = 🔴 Сервер <b>{ $name }</b> (#{ ID($id) }) недоступен с { $since } ({ $duration }). Его клиентам ({ $customers }) сообщим, если он будет недоступен дольше { $grace }.
watch-back = 🟢 Сервер <b>{ $name }</b> (#{ ID($id) }) снова в сети после { $duration }. Уведомлено клиентов: { $customers }.
watch-days-left = ⏳ Сервер <b>{ $name }</b> (#{ ID($id) }) истекает через { $days ->
    [one] { $days } день
    [few] { $days } дня
    [many] { $days } дней
   *[other] { $days } дня
}, { $date }.
watch-low-balance = 💸 Баланс хостинга ({ $balance }) меньше стоимости следующего продления ({ $cost }): сервер <b>{ $name }</b> (#{ ID($id) }), { $days ->
    [one] остался { $days } день
    [few] осталось { $days } дня
    [many] осталось { $days } дней
   *[other] осталось { $days } дня
}. Пополните баланс в веб-кабинете хостинга.
watch-extended = ✅ Сервер <b>{ $name }</b> (#{ ID($id) }) автоматически продлён на 30 дней. Новая дата окончания: { $date } ({ $days ->
    [one] остался { $days } день
    [few] осталось { $days } дня
    [many] осталось { $days } дней
   *[other] осталось { $days } дня
}). Баланс: { $balance }.
watch-extend-no-balance = ⚠️ Не удалось автоматически продлить сервер <b>{ $name }</b> (#{ ID($id) }): на балансе ({ $balance }) недостаточно средств. Ничего не списано. Пополните баланс в веб-кабинете; я попробую снова в течение часа.
watch-extend-refused = ⚠️ Не удалось автоматически продлить сервер <b>{ $name }</b> (#{ ID($id) }): { $reason } Ничего не списано; я попробую снова в течение часа.
watch-extend-unknown = ❓ Автопродление сервера <b>{ $name }</b> (#{ ID($id) }) не получило внятного ответа ({ $reason }). Списание могло пройти, а могло и нет: проверьте карточку сервера. Сам я повторять не буду.
watch-extend-not-charged = ⚠️ Автопродление сервера <b>{ $name }</b> (#{ ID($id) }) не получило внятного ответа ({ $reason }). Я проверил сервер: он не продлён, ничего не списано. Попробую снова в течение часа.
watch-api-unauthorized = 🔑 API хостинга отклонил ключ аккаунта, поэтому серверы сейчас не отслеживаются. Привяжите аккаунт заново: /admin → Аккаунт хостинга.
watch-api-unreachable = 📡 API хостинга недоступен, поэтому серверы сейчас не отслеживаются: { $reason } Я пробую снова каждую минуту.
outage-offline = ⚠️ Ваш VPN-сервер сейчас недоступен. Мы уже разбираемся и сообщим, как только он заработает.
outage-back = ✅ Ваш VPN-сервер снова работает. Если VPN не подключается, выключите и включите его в приложении.
settings-section = ⚙️ Настройки
settings-title =
    ⚙️ <b>Настройки</b>

    Автопродление серверов: { $autoExtend }
    <i>Если включено, сервер, у которого остался 1 день, продлевается на 30 дней с баланса хостинга, один раз на каждую дату окончания, и вы получаете отчёт.</i>

    Клиентам сообщаем о недоступности через: { $grace } мин (администраторам — после второй неудачной проверки)
    Стоимость продления для оповещения о низком балансе: { $cost }
    Стоимость последнего продления: { $learned }
    Валюта баланса хостинга: { $currency }
    <i>API хостинга отдаёт баланс просто числом; здесь указано, в какой он валюте.</i>

    Подарочные ссылки действуют: { $giftDays ->
        [one] { $giftDays } день
        [few] { $giftDays } дня
       *[many] { $giftDays } дней
    } (затем деньги возвращаются покупателю)
settings-on = ✅ включено
settings-off = ⛔ выключено
settings-not-set = узнаю при первом продлении
settings-auto-extend-turn-on = ✅ Включить автопродление
settings-auto-extend-turn-off = ⛔ Выключить автопродление
settings-auto-extend-now-on = Автопродление включено.
settings-auto-extend-now-off = Автопродление выключено.
settings-edit-grace = ⏱ Изменить задержку оповещения
settings-edit-cost = 💰 Изменить стоимость продления
settings-edit-currency = 💱 Изменить валюту
settings-edit-gift = 🎁 Изменить срок подарочных ссылок
settings-ask-grace = ⏱ Через сколько минут недоступности сервера сообщать клиентам? Отправьте целое число от { $min } до { $max }.
settings-ask-cost = 💰 Сколько стоит продление сервера на 30 дней в валюте баланса хостинга? Это нужно для оповещения о низком балансе, пока продление не покажет настоящую цену. Отправьте сумму или «-», чтобы узнать её при следующем продлении.
settings-ask-currency = 💱 Отправьте валюту баланса хостинга: код или знак, например RUB или ₽.
settings-grace-invalid = Отправьте целое число минут от { $min } до { $max }.
settings-cost-invalid = Отправьте сумму больше 0 и не больше { $max } (например, 150 или 99.5) или «-», чтобы узнать её при следующем продлении.
settings-currency-invalid = Отправьте код или знак валюты: от 1 до 8 букв или символов валюты, например RUB или ₽.
settings-ask-gift = 🎁 Сколько дней должна действовать подарочная ссылка? Если подарок за это время не заберут, деньги вернутся на баланс покупателя. Отправьте целое число от { $min } до { $max }. У уже отправленных ссылок срок не изменится.
settings-gift-invalid = Отправьте целое число дней от { $min } до { $max }.

## Sales stats

admin-stats = 📊 Продажи
stats-title = 📊 <b>Продажи, { $range }</b> (дни по UTC)
stats-range-today = сегодня
stats-range-7d = последние 7 дней
stats-range-30d = последние 30 дней
stats-btn-today = Сегодня
stats-btn-7d = 7 дней
stats-btn-30d = 30 дней
stats-active = Активных подписок сейчас: <b>{ $count }</b>
stats-summary = Новых клиентов: { $customers } · Заказов: { $orders } · Выручка: { $revenue }
stats-by-day = <b>По дням</b>
stats-by-plan = <b>По тарифам</b>
stats-col-day = День
stats-col-new = Нов
stats-col-buy = Пок
stats-col-renew = Прод
stats-col-trial = Проб
stats-col-revenue = Выручка
stats-col-plan = Тариф
stats-total = Итого
stats-no-sales = За этот период заказов нет.
stats-legend = <i>Нов: новые клиенты · Пок: покупки · Прод: продления · Проб: пробные. Выручка: покупки и продления минус возвраты.</i>
stats-export = ⬇️ Выгрузить CSV
export-started = Готовлю выгрузку: клиенты, подписки и журнал операций в файлах CSV…
export-caption-customers = Клиенты (CSV)
export-caption-subscriptions = Подписки (CSV)
export-caption-ledger = Журнал: все движения по кошелькам (CSV)
export-failed = Не удалось завершить выгрузку. Попробуйте позже.

## Broadcast

admin-broadcast = 📣 Рассылка
broadcast-home = 📣 <b>Рассылка</b>
    Сообщение всем клиентам или только тем, у кого есть активная подписка. Перед отправкой вы увидите, как оно выглядит.
    Доступно сейчас: { $all } { $all ->
        [one] клиент
        [few] клиента
       *[many] клиентов
    }, из них с активной подпиской: { $active }.
broadcast-new = ✍️ Написать сообщение
broadcast-unavailable = Рассылка сейчас недоступна: обработчик, который её отправляет, не запущен.
broadcast-ask = ✍️ Пришлите сообщение для рассылки: текст или фото с подписью.
    Форматирование (жирный шрифт, ссылки, …) сохраняется. /cancel — отмена.
broadcast-need-caption = У фото должна быть подпись: пришлите его ещё раз с текстом в подписи.
broadcast-text-or-photo = Пришлите текст или фото с подписью.
broadcast-too-long = Слишком длинно: не больше { $max } символов.
broadcast-preview = 👆 Так сообщение увидят клиенты. Кому отправить?
broadcast-audience-all = 👥 Всем клиентам ({ $count })
broadcast-audience-active = ✅ С активной подпиской ({ $count })
broadcast-cancel = ✖ Отмена
broadcast-back = « Получатели
broadcast-confirm = Отправить это сообщение: { $audience }? Получателей: <b>{ $count }</b>.
broadcast-confirm-yes = 📣 Отправить
broadcast-to-all = всем клиентам
broadcast-to-active = клиентам с активной подпиской
broadcast-nobody = Сейчас в этой группе некому отправить сообщение.
broadcast-started = 📣 Рассылка началась. Сообщение о ходе ниже обновляется по мере отправки.
broadcast-already-started = Эта рассылка уже запущена.
broadcast-expired = Черновик устарел. Напишите сообщение заново.
broadcast-cancelled = Рассылка отменена, ничего не отправлено.
broadcast-progress = 📣 <b>Рассылка: { $audience }</b>
    Отправка… { $done } из { $total }{ $more }
    ✅ Отправлено: { $sent } · ⚠️ Ошибки: { $failed } · 🚫 Заблокировали: { $blocked }
broadcast-progress-queuing = (ещё ставится в очередь)
broadcast-done = ✅ <b>Рассылка завершена: { $audience }</b>
    { $total ->
        [one] { $total } получатель
        [few] { $total } получателя
       *[many] { $total } получателей
    }: ✅ отправлено { $sent } · ⚠️ ошибки { $failed } · 🚫 заблокировали бота { $blocked }
    Пропущено (заблокировали раньше): { $skipped }
broadcast-stop = ⏹ Остановить
broadcast-stop-stopping = ⏹ Останавливаю: больше ничего не уходит, итог появится в сообщении о ходе рассылки.
broadcast-stop-already = Эта рассылка уже останавливается.
broadcast-stop-finished = Эта рассылка уже завершена.
broadcast-stop-unknown = Эта рассылка больше не известна.
broadcast-stopping =
    ⏹ <b>Остановка рассылки: { $audience }</b>
    ✅ Отправлено: { $sent } · ⚠️ Ошибки: { $failed } · 🚫 Заблокировали: { $blocked }
    Снимаю с очереди оставшиеся сообщения…
broadcast-stopped =
    ⏹ <b>Рассылка остановлена: { $audience }</b>
    ✅ отправлено { $sent } · ⚠️ ошибки { $failed } · 🚫 заблокировали бота { $blocked }
    Не отправлено (снято с очереди): { $cancelled }

## Stars refunds

stars-refund-button = ↩️ Вернуть оплату звёздами
stars-refund-confirm =
    ↩️ Вернуть <b>{ $amount }</b> клиенту <code>{ ID($customer) }</code> через Telegram за заказ <code>{ $order }</code>?
    Та же сумма списывается с кошелька клиента (сейчас { $balance }), куда ушли деньги за невыполненный заказ.
stars-refund-yes = Да, вернуть { $amount }
stars-refund-done = ✅ { $amount } возвращены клиенту <code>{ ID($customer) }</code> через Telegram.
stars-refund-spent = Клиент уже потратил возврат с кошелька (баланс { $balance }), поэтому вернуть { $amount } нельзя.
stars-refund-already = Этот платёж уже возвращён.
stars-refund-failed = Telegram отказал в возврате: { $error }. Деньги остаются на кошельке клиента; можно попробовать ещё раз.
stars-refund-none = Этот заказ оплачен не счётом в звёздах Telegram, возвращать нечего.
stars-refund-used = Это подтверждение уже использовано или устарело.
stars-refund-unclear = Telegram не дал ясного ответа, так что возврат, возможно, уже прошёл. { $amount } остаются списанными с кошелька клиента; попробуйте ещё раз: дважды Telegram один платёж не вернёт.

## Нода (раздел админа для мастер-ноды)

admin-node = 🛰 Нода
node-not-configured =
    🛰 <b>Нода</b>
    Нода не подключена. Чтобы управлять мастер-нодой здесь, задайте в окружении бота:
    • <code>NODE_API_URL</code>: адрес API ноды, например <code>https://node.example:8443</code>
    • <code>NODE_API_TOKEN</code>: токен API ноды (файл api_token.txt; на ноде его показывает <code>vpn api token</code>)
    • <code>NODE_API_CERT_SHA256</code>: отпечаток SHA-256 самоподписанного сертификата ноды (рекомендуется)
    Затем перезапустите бота.
node-back-home = « К ноде
node-back-clients = « К клиентам
node-back-name = « К имени
node-back-peers = « К пирам
node-back-fed = « К федерации
node-limit-not-set = не задан
node-limit-zero-gb = 0 ГБ
node-already-done = Это уже сделано (кнопку нажали дважды).
node-confirm-expired = Подтверждение устарело. Начните заново.
node-error-unauthorized = 🔑 Нода отклонила токен API. Проверьте <code>NODE_API_TOKEN</code>: он должен совпадать с api_token.txt на ноде (его показывает <code>vpn api token</code>), затем перезапустите бота.
node-error-unreachable = ⏳ Нода не ответила. Проверьте, что её API запущен (<code>vpn api status</code>) и что <code>NODE_API_URL</code> верен, и попробуйте снова.
node-error-certificate = 🔒 Сертификат TLS ноды не совпадает с <code>NODE_API_CERT_SHA256</code>. Если сертификат ноды перевыпущен, задайте новый отпечаток и перезапустите бота.
node-error-cert-presented = Нода предъявляет: <code>{ $fingerprint }</code>
node-error-cert-self-signed =
    🔒 Сертификат ноды самоподписанный, без закрепления его не проверить. Если это сертификат вашей ноды, укажите его отпечаток в <code>NODE_API_CERT_SHA256</code> и перезапустите бота:
    <code>{ $fingerprint }</code>
node-error-cert-untrusted =
    🔒 TLS-сертификат ноды не прошёл проверку ({ $reason }). Если это сертификат вашей ноды, укажите его отпечаток в <code>NODE_API_CERT_SHA256</code> и перезапустите бота:
    <code>{ $fingerprint }</code>
node-error-user-not-found = На ноде нет клиента с таким именем: возможно, его удалили или переименовали.
node-error-exists = Клиент с таким именем на ноде уже есть. Выберите другое имя.
node-error-bad-name = Нода отклонила имя: от 1 до 64 символов из A-Z a-z 0-9 _ . @ -.
node-error-bad-days = Нода отклонила число дней: отправьте целое число, не меньше 1.
node-error-internal = Внутренняя ошибка на ноде. Подробности в logs.txt на ноде (см. «Журнал»); попробуйте ещё раз.
node-error-not-found = На ноде не найдено: возможно, уже удалено.
node-health-up = API: ✅ работает
node-health-down = API: ⚠️ проверка состояния не ответила
node-home-title = 🛰 <b>Нода { $name }</b>
node-home-domain = Домен: { $domain }
node-home-ports = Порты: API { ID($api) } · подписка { ID($sub) } · WS { ID($ws) } · Reality { ID($reality) }
node-home-clients = { $total ->
    [one] { $total } клиент
    [few] { $total } клиента
    [many] { $total } клиентов
   *[other] { $total } клиента
}: активных { $active }, заблокированных { $banned }
node-home-peers = Пиры: { $count ->
    [one] { $count } пир
    [few] { $count } пира
    [many] { $count } пиров
   *[other] { $count } пира
}
node-home-federation-on = Федерация: 🔗 включена
node-home-federation-on-url = Федерация: 🔗 включена, мастер <code>{ $url }</code>
node-home-federation-off = Федерация: выключена
node-btn-clients = 👥 Клиенты
node-btn-name = 🏷 Имя
node-btn-peers = 🔗 Пиры
node-btn-federation = 🌐 Федерация
node-btn-backups = 💾 Бэкапы
node-btn-traffic = 📊 Трафик
node-btn-logs = 📜 Журнал
node-clients-title = 👥 <b>Клиенты ноды</b>
node-clients-summary = { $count ->
    [one] { $count } клиент
    [few] { $count } клиента
    [many] { $count } клиентов
   *[other] { $count } клиента
} · страница { $page } из { $pages }
node-clients-empty = Клиентов пока нет. Нажмите «Создать клиента», чтобы добавить первого.
node-clients-line = { $mark }<b>{ $name }</b> — { $expiry }
node-client-until = до { $date } ({ $days ->
    [one] остался { $days } день
    [few] осталось { $days } дня
    [many] осталось { $days } дней
   *[other] осталось { $days } дня
})
node-client-expired = ⌛ истёк { $date }
node-page-prev = ‹ Назад
node-page-next = Дальше ›
node-client-create = ➕ Создать клиента
node-card-title = 👤 <b>{ $name }</b>
node-card-status = Статус: { $status }
node-status-active = ✅ активен
node-status-expired = ⌛ истёк
node-status-banned = 🚫 заблокирован
node-status-banned-reason = 🚫 заблокирован ({ $reason })
node-card-uuid = UUID: <code>{ $uuid }</code>
node-card-expiry = Действует до: { $date } ({ $days ->
    [one] остался { $days } день
    [few] осталось { $days } дня
    [many] осталось { $days } дней
   *[other] осталось { $days } дня
})
node-card-limits = Лимит трафика: { $traffic } · Устройств: { $devices }
node-card-link = Ссылка VLESS:
node-btn-qr = 🔳 QR-код
node-btn-renew = 📅 Продлить
node-btn-limits = 📦 Лимиты
node-btn-rename = ✏️ Переименовать
node-btn-ban = 🚫 Заблокировать
node-btn-unban = ✅ Разблокировать
node-btn-delete = 🗑 Удалить
node-open-client = 👤 Открыть клиента
node-qr-caption = Ссылка VLESS клиента { $name }
node-delete-confirm = 🗑 Удалить клиента <b>{ $name }</b> с ноды? Его ссылка сразу перестанет работать; отменить это нельзя.
node-delete-yes = 🗑 Да, удалить
node-deleted = 🗑 Клиент <b>{ $name }</b> удалён.
node-unbanned = ✅ <b>{ $name }</b> разблокирован: снова в конфигах и подписках.
node-banned = 🚫 <b>{ $name }</b> заблокирован: убран из конфигов и подписок, запись сохранена.
node-banned-reason = 🚫 <b>{ $name }</b> заблокирован (причина: { $reason }): убран из конфигов и подписок, запись сохранена.
node-ask-client-name = ➕ <b>Новый клиент</b>. Отправьте имя клиента: от 1 до 64 символов из A-Z a-z 0-9 _ . @ -
node-name-invalid = Имя: от 1 до 64 символов из A-Z a-z 0-9 _ . @ - (без пробелов). Отправьте другое.
node-rename-same = Это текущее имя. Отправьте другое.
node-ask-create-days = Срок в <b>днях</b>, не меньше 1, например 30.
node-days-invalid = Отправьте целое число дней, не меньше 1, например 30.
node-ask-create-gb = Лимит трафика в <b>ГБ</b>, например 50 или 2,5, или <code>-</code>, чтобы не задавать (тогда лимит на ноду не отправляется).
node-ask-create-devices = Лимит устройств, целое число, или <code>-</code>, чтобы не задавать (тогда лимит на ноду не отправляется).
node-gb-invalid = Отправьте число ГБ, 0 или больше, например 50 или 2,5.
node-gb-invalid-optional = Отправьте число ГБ, 0 или больше, например 50 или 2,5, или -, чтобы не задавать.
node-devices-invalid = Отправьте целое число устройств, 0 или больше.
node-devices-invalid-optional = Отправьте целое число устройств, 0 или больше, или -, чтобы не задавать.
node-created = ✅ Клиент <b>{ $name }</b> создан на ноде.
node-ask-renew = 📅 Продление <b>{ $name }</b>: отправьте N, число дней. Это добавит N дней к текущей дате окончания (к сегодняшней, если срок уже истёк).
node-renewed = ✅ <b>{ $name }</b> продлён на { $days ->
    [one] { $days } день
    [few] { $days } дня
    [many] { $days } дней
   *[other] { $days } дня
}: было до { $from }, теперь до { $to } ({ $left ->
    [one] остался { $left } день
    [few] осталось { $left } дня
    [many] осталось { $left } дней
   *[other] осталось { $left } дня
}).
node-renew-again = 🔁 Повторить
node-renew-retry-hint = Продление идёт до { $to }. «Повторить» сначала читает клиента и добавляет только недостающие дни, так что дважды ничего не добавится.
node-renew-in-doubt = ⏳ Прошлое продление <b>{ $name }</b> меньше минуты назад осталось без ответа и ещё может быть применено нодой, поэтому сейчас ничего не отправлено. Нажмите «Повторить» через минуту: продление до { $to } добавит только недостающее.
node-renew-busy = ⏳ Продление <b>{ $name }</b> уже идёт. Подождите немного, затем нажмите «Повторить» или откройте клиента.
node-renewed-to = ✅ <b>{ $name }</b> действует до { $to } ({ $left ->
    [one] остался { $left } день
    [few] осталось { $left } дня
    [many] осталось { $left } дней
   *[other] осталось { $left } дня
}).
node-ask-limit-gb = 📦 Новый лимит трафика <b>{ $name }</b> в <b>ГБ</b>, например 50 или 2,5. API ноды не определяет, что значит лимит 0: он отправляется как есть.
node-ask-limit-devices = Лимит устройств, целое число.
node-limits-set = ✅ Лимиты <b>{ $name }</b>: трафик { $traffic } · устройств { $devices }.
node-ask-rename = ✏️ Новое имя для <b>{ $name }</b>: от 1 до 64 символов из A-Z a-z 0-9 _ . @ -
node-renamed = ✅ <b>{ $old }</b> теперь называется <b>{ $name }</b>.
node-ask-ban-reason = 🚫 Блокировка <b>{ $name }</b>: отправьте причину (сохранится на ноде) или <code>-</code>, если без причины.
node-reason-too-long = Причина слишком длинная: не больше 200 символов.
node-name-view =
    🏷 <b>Имя ноды</b>
    Текущее имя: <b>{ $name }</b>
    Оно стоит в метках ссылок VLESS (например, <code>{ $name }-ws</code>).
node-name-change = ✏️ Изменить имя
node-ask-node-name = 🏷 Отправьте новое имя ноды (название локации, до 64 символов). Новые ссылки получат его в метках.
node-node-name-invalid = Имя ноды: от 1 до 64 символов в одну строку. Отправьте другое.
node-name-set = ✅ Нода теперь называется <b>{ $name }</b>. Ссылки пересобраны с новой меткой.
node-peers-title = 🔗 <b>Пиры общей подписки</b>: { $count ->
    [one] { $count } пир
    [few] { $count } пира
    [many] { $count } пиров
   *[other] { $count } пира
}
node-peers-empty = Пиров пока нет.
node-peers-line =
    • <b>{ $name }</b>
    <code>{ $url }</code>
node-peers-hint = URL пира содержит заполнитель <code>{ "{uuid}" }</code>, вместо которого мастер подставляет UUID клиента, и оканчивается на <code>/local</code> (только собственные ссылки пира; другие URL не принимаются), например <code>https://node2.example:2096/sub/{ "{uuid}" }/local</code>.
node-peer-add = ➕ Добавить пира
node-peer-delete = 🗑 { $name }
node-ask-peer-name = 🔗 <b>Новый пир</b>. Отправьте его имя: от 1 до 64 символов из A-Z a-z 0-9 _ . @ -
node-peer-name-invalid = Имя пира: от 1 до 64 символов из A-Z a-z 0-9 _ . @ -. Отправьте другое.
node-ask-peer-url = Отправьте URL подписки <b>{ $name }</b>. Он должен содержать <code>{ "{uuid}" }</code> и вести только на ссылки этой ноды, то есть оканчиваться на <code>/local</code>, например <code>https://node2.example:2096/sub/{ "{uuid}" }/local</code>. Другие URL не принимаются: мастер собирал бы подписки рекурсивно.
node-peer-url-no-uuid = В URL должен быть заполнитель <code>{ "{uuid}" }</code> (туда мастер подставляет UUID клиента). Отправьте ещё раз.
node-peer-url-invalid = Это не URL http(s). Отправьте ещё раз, например <code>https://node2.example:2096/sub/{ "{uuid}" }/local</code>.
node-peer-added = ✅ Пир <b>{ $name }</b> сохранён:
    <code>{ $url }</code>
node-peer-url-not-local = URL не оканчивается на <code>/local</code> после <code>{ "{uuid}" }</code>: пир должен отдавать только свои ссылки, иначе мастер будет собирать подписки рекурсивно. Отправьте ещё раз, например <code>https://node2.example:2096/sub/{ "{uuid}" }/local</code>.
node-peer-delete-confirm = 🗑 Убрать пира <b>{ $name }</b> из общей подписки? Его ссылок больше не будет в подписках клиентов.
node-peer-delete-yes = 🗑 Да, убрать
node-peer-deleted = 🗑 Пир <b>{ $name }</b> убран.
node-fed-view =
    🌐 <b>Федерация (мастер)</b>
    API мастера: <code>{ $url }</code>
    Токен: <code>{ $token }</code>
    Нода получает пользователей от этого мастера.
node-fed-none =
    🌐 <b>Федерация (мастер)</b>
    Мастер не задан: у ноды своя база пользователей.
node-fed-set = 🔗 Задать мастера
node-fed-remove = ✖ Убрать мастера
node-ask-fed-url = 🌐 Отправьте адрес API мастера, оканчивающийся на <code>/api</code>, например <code>https://master.example:8443/api</code>.
node-fed-url-invalid = Адрес должен быть URL http(s), оканчивающимся на <code>/api</code>, например <code>https://master.example:8443/api</code>. Отправьте ещё раз.
node-ask-fed-token = 🔑 Отправьте токен API мастера для <code>{ $url }</code>. Сообщение удаляется сразу после прочтения, бот токен не хранит.
node-fed-token-invalid = Токен — одно слово без пробелов. Отправьте ещё раз.
node-fed-saved = ✅ Мастер сохранён: <code>{ $url }</code> (токен <code>{ $token }</code>). Теперь нода получает пользователей от мастера.
node-fed-remove-confirm = ✖ Убрать мастера? Нода перестанет получать пользователей от него.
node-fed-remove-yes = ✖ Да, убрать
node-fed-removed = ✅ Мастер убран.
node-backups-title = 💾 <b>Бэкапы</b>: { $count ->
    [one] { $count } бэкап
    [few] { $count } бэкапа
    [many] { $count } бэкапов
   *[other] { $count } бэкапа
}
node-backups-empty = Бэкапов пока нет.
node-backups-older = …и ещё { $count ->
    [one] { $count } более старый
    [few] { $count } более старых
    [many] { $count } более старых
   *[other] { $count } более старого
}
node-backup-line = • { $text }
node-backup-line-name = • { $name }
node-backup-create = ➕ Создать бэкап
node-backup-created = ✅ Бэкап создан (пользователи, токены, пиры, настройки TLS и Reality).
node-traffic-title = 📊 <b>Трафик по клиентам</b>: первые { $shown } из { $count }
node-traffic-empty = Счётчиков трафика пока нет.
node-traffic-line = { $n }. <b>{ $name }</b> — ↑ { $up } · ↓ { $down } · Σ { $total }
node-logs-title = 📜 <b>Журнал ноды</b>: { $count ->
    [one] последняя { $count } запись
    [few] последние { $count } записи
    [many] последние { $count } записей
   *[other] последние { $count } записи
}
node-logs-trimmed = (старые записи не поместились в одно сообщение)
node-logs-empty = Журнал пуст.

## Админ: панель и федерация (клиенты на нескольких локациях)

admin-panel = 🧩 Панель
panel-title = 🧩 <b>Панель</b>
panel-not-configured =
    🧩 <b>Панель</b>

    Панель не подключена. Задайте <code>PANEL_API_URL</code> (адрес главной панели) и <code>PANEL_API_TOKEN</code> (её API-токен) в окружении бота и перезапустите бота.
panel-locations = <b>Локации</b>
panel-location-line = { $mark } { $location } — { $clients ->
    [one] { $clients } клиент
    [few] { $clients } клиента
    [many] { $clients } клиентов
   *[other] { $clients } клиента
}
panel-offline = (не в сети)
panel-no-federation = Подключённых панелей нет (федерация не настроена).
panel-federation-failed = ⚠️ Не удалось прочитать подключённые панели: { $error }
panel-inbounds-title = <b>Инбаунды главной панели</b>
panel-inbounds-empty = На панели нет инбаундов.
panel-inbounds-failed = ⚠️ Не удалось прочитать инбаунды: { $error }
panel-inbound-line = <b>#{ ID($id) }</b> { $remark } · { $protocol } · { $network } · порт { $port } · { $clients ->
    [one] { $clients } клиент
    [few] { $clients } клиента
    [many] { $clients } клиентов
   *[other] { $clients } клиента
}
panel-btn-clients = 👥 Клиенты
panel-btn-new = ➕ Новый клиент на нескольких локациях
panel-back-home = « К панели
panel-back-list = « К клиентам
panel-loc-main = главная панель
panel-loc-node = { $name } (#{ ID($id) })
panel-loc-node-id = узел #{ ID($id) }
panel-error-unauthorized = 🔑 Панель не приняла API-токен (401). Проверьте <code>PANEL_API_TOKEN</code> в окружении бота и перезапустите бота.
panel-error-location-unreachable = 📡 Локация { $location } недоступна с главной панели (502). Проверьте, что подключённая панель в сети, и попробуйте ещё раз.
panel-error-unknown-node = ❓ Главная панель не знает локацию <code>{ $node }</code> (неизвестный node_id, 404), поэтому нельзя сказать, есть ли там клиент. Проверьте федерацию: клиент может по-прежнему быть на той панели.
panel-error-unreachable = ⏳ Панель не ответила. Проверьте <code>PANEL_API_URL</code> и что панель работает, затем попробуйте ещё раз.
panel-unlimited = без ограничений
panel-none = нет
panel-no-expiry = бессрочно
panel-until = до { $date }
panel-expired-on = ⌛ истёк { $date }
panel-used-of = { $used } / { $limit }
panel-list-title = 👥 <b>Клиенты главной панели</b>
panel-list-summary = { $count ->
    [one] { $count } клиент
    [few] { $count } клиента
    [many] { $count } клиентов
   *[other] { $count } клиента
} · страница { $page } из { $pages }
panel-list-empty = Клиентов пока нет. Нажмите «Новый клиент на нескольких локациях», чтобы добавить.
panel-list-line = <b>{ $name }</b> — { $expiry } · 📶 { $traffic } · 📱 { $devices }
panel-page-prev = ‹ Назад
panel-page-next = Вперёд ›
panel-card-title = 🧩 <b>{ $name }</b>
panel-card-uuid = UUID: <code>{ $uuid }</code>
panel-card-expiry = Срок: { $expiry }
panel-card-traffic = Трафик: { $traffic }
panel-card-devices = Устройства: { $devices }
panel-card-inbounds = Инбаунды: { $ids }
panel-card-channels = Каналы: { $channels }
panel-card-wg = WireGuard: { $wg }
panel-wg-on = включён
panel-wg-off = выключен
panel-wg-unknown = нет данных
panel-card-sub =
    🔗 Ссылка подписки (нажмите, чтобы скопировать):
    <code>{ $url }</code>
panel-card-no-sub = Панель не выдала ссылку подписки для этого клиента.
panel-btn-extend = ➕ Продлить
panel-btn-term = 📅 Задать срок
panel-btn-limits = 📦 Лимиты
panel-btn-qr = 🔳 QR-код
panel-btn-delete = 🗑 Удалить
panel-btn-retry = 🔁 Повторить
panel-open-card = 🧩 Открыть клиента
panel-qr-caption = QR-код ссылки подписки { $name }
panel-row-done = • { $location }: ✅ { $detail }
panel-row-now = • { $location }: сейчас { $detail }
panel-row-absent = • { $location }: — на этой локации нет
panel-row-failed = • { $location }: ❌ { $error }
panel-row-deleted = • { $location }: 🗑 удалён
panel-row-limits = трафик { $traffic } · устройства { $devices }
panel-row-term-differs = ⚠️ Итоговый срок на { $location } отличается от нужного: откройте клиента и проверьте.
panel-nowhere = Этот клиент не найден ни на одной локации.
panel-some-failed = ⚠️ Изменены не все локации. Нажмите «Повторить», чтобы повторить изменение.
panel-ask-extend = ➕ Сколько дней <b>добавить</b> к оставшемуся сроку <b>{ $name }</b>? Они прибавляются к текущей дате окончания (или к сегодняшней, если срок уже истёк) на каждой локации, где есть клиент. Отправьте целое число, например 30.
panel-days-invalid = Отправьте целое число дней, от 1, например 30.
panel-extend-confirm = ➕ Добавить { $days ->
    [one] { $days } день
    [few] { $days } дня
    [many] { $days } дней
   *[other] { $days } дня
} к оставшемуся сроку <b>{ $name }</b>. Текущие сроки:
panel-extend-target = Новая дата окончания на всех локациях: <b>{ $date }</b>. Она отправляется как точная дата, поэтому повторное нажатие не добавит дни дважды.
panel-extend-unread = Локации, которые не удалось прочитать, будут проверены ещё раз при подтверждении.
panel-extend-yes = ✅ Продлить
panel-extend-stale = Это подтверждение устарело (его дата уже прошла). Нажмите «Продлить» ещё раз.
panel-extend-overtaken = Срок уже заканчивается позже этой даты (после этого подтверждения прошло продление), поэтому ничего не изменено: иначе эти дни пропали бы. Нажмите «Продлить» ещё раз, чтобы добавить дни.
panel-extended = ✅ <b>{ $name }</b>: срок до { $date } на всех локациях, где есть клиент. Итоговые сроки:
panel-ask-term = 📅 Новый срок для <b>{ $name }</b>: отправьте N — число дней <b>начиная с сегодня</b>, например 30. Это заменит текущую дату окончания на всех локациях; оставшийся срок не сохраняется.
panel-term-set = ✅ Новый срок <b>{ $name }</b>: { $days ->
    [one] { $days } день
    [few] { $days } дня
    [many] { $days } дней
   *[other] { $days } дня
} с сегодняшнего дня. Итоговые сроки:
panel-ask-limit-gb = 📦 Отправьте лимит трафика <b>{ $name }</b> в <b>ГБ</b>, например 50 или 2,5 (<code>0</code> — без ограничений).
panel-ask-limit-devices = 📱 Отправьте лимит устройств <b>{ $name }</b>, целое число (<code>0</code> — без ограничений).
panel-gb-invalid = Отправьте число ГБ, от 0 (0 — без ограничений), например 50 или 2,5.
panel-devices-invalid = Отправьте целое число устройств, от 0 (0 — без ограничений), например 3.
panel-limits-set = ✅ Новые лимиты <b>{ $name }</b>:
panel-delete-confirm =
    🗑 Удалить <b>{ $name }</b> на всех локациях, где он есть?

    Его подписка перестанет работать. Это нельзя отменить.
panel-delete-yes = 🗑 Да, удалить везде
panel-deleted-title = 🗑 <b>{ $name }</b>:
panel-delete-some-failed = ⚠️ На некоторых локациях клиент остался. Нажмите «Повторить», чтобы удалить его там.
panel-delete-already = Удаление уже выполнено (кнопку нажали больше одного раза).
panel-delete-expired = Это подтверждение устарело. Откройте клиента снова, чтобы удалить его.
panel-ask-name = ➕ <b>Новый клиент на нескольких локациях</b>: отправьте имя (от 1 до 64 латинских букв, цифр и _ . @ -). Оно одинаково на всех локациях.
panel-name-invalid = Имя должно состоять из 1–64 латинских букв, цифр и _ . @ - (без пробелов).
panel-pick-locations = 📍 Выберите локации для <b>{ $name }</b> (нажатие включает или выключает), затем нажмите «Дальше».
panel-pick-go = ➡️ Дальше
panel-pick-none = Выберите хотя бы одну локацию.
panel-pick-use-buttons = Выберите локации кнопками выше или нажмите «Отмена».
panel-pick-outdated = Этот диалог уже закончился. Начните заново из раздела «Панель».
panel-ask-inbounds = 📡 Id инбаундов на <b>{ $location }</b> через запятую, например <code>1, 2</code>:
panel-pick-inbound-line = <code>{ $id }</code> — { $remark } · { $protocol } · порт { $port }
panel-inbounds-remote = (id собственных инбаундов локации { $location }; их проверит та панель)
panel-inbounds-unread = ⚠️ Не удалось прочитать инбаунды ({ $error }); введите id всё равно.
panel-inbounds-invalid = Отправьте один или несколько id инбаундов через запятую, например <code>1, 2</code>.
panel-inbounds-unknown = На локации { $location } нет инбаунда { $ids }. Её инбаунды: { $known }.
panel-inbound-from-catalog = из каталога
panel-inbounds-tap = Отметьте нужные инбаунды и нажмите «Дальше» — или пришлите их id.
panel-inbounds-none = Выберите хотя бы один инбаунд или пришлите id.
panel-create-summary = 🧾 <b>Создать клиента { $name }?</b>
panel-create-summary-row = • { $location }: инбаунды { $inbounds }
panel-create-summary-term = Срок: { $days ->
        [one] { $days } день
        [few] { $days } дня
       *[other] { $days } дней
    }, до { $date }
panel-create-summary-limits = Трафик: { $traffic } · Устройств: { $devices }
panel-create-yes = ✅ Создать
panel-create-use-buttons = Нажмите «Создать» или «Отмена» выше.
panel-ask-days = 📅 Срок в <b>днях начиная с сегодня</b>, например 30.
panel-ask-gb = 📦 Лимит трафика в <b>ГБ</b>, например 50 или 2,5. Отправьте <code>0</code> — без ограничений.
panel-ask-devices = 📱 Лимит устройств, целое число. Отправьте <code>0</code> — без ограничений.
panel-created = ✅ Клиент <b>{ $name }</b> создан на всех выбранных локациях.
panel-created-partly = ⚠️ Клиент <b>{ $name }</b> создан ещё не на всех выбранных локациях.
panel-created-terms = Срок: до { $date } · Трафик: { $traffic } · Устройства: { $devices }
panel-create-row-created = • { $location } (инбаунды { $inbounds }): ✅ создан
panel-create-row-exists = • { $location } (инбаунды { $inbounds }): ✅ уже есть
panel-create-row-failed = • { $location } (инбаунды { $inbounds }): ❌ { $error }
panel-create-taken = там уже есть другой клиент с именем <b>{ $name }</b> (с другим UUID).
panel-create-not-atomic = Создание на нескольких локациях не атомарно. Нажмите «Дозаполнить недостающие локации», чтобы создать клиента только там, где его ещё нет.
panel-btn-complete = 🔁 Создать на недостающих локациях
panel-create-plan-gone = Это создание слишком старое, чтобы его завершить. Создайте клиента заново.

## Catalog

admin-catalog = 📦 Каталог
catalog-title = 📦 <b>Каталог</b> · { $currency } · { $count ->
    [one] { $count } тариф
    [few] { $count } тарифа
   *[many] { $count } тарифов
  }
catalog-plan = • <b>{ $title }</b> (<code>{ $id }</code>): { $price } · { $days } дн. · трафик { $traffic } · устройств { $devices }
    { $backend }
catalog-backend-xui = серверы xui { $servers }
catalog-backend-panel = локации панели { $locations }
catalog-backend-node = главная нода
catalog-trial = 🎁 Пробный период: { $days } дн., { $traffic }, на тарифе { $plan }
catalog-no-trial = Пробный период не предлагается.
catalog-file = Файл: <code>{ $file }</code>
catalog-reload = 🔄 Перечитать файл
catalog-reloaded = ✅ Каталог перечитан: в продаже { $count ->
    [one] { $count } тариф
    [few] { $count } тарифа
   *[many] { $count } тарифов
  }.
catalog-reload-failed = ⚠️ Файл не загружен; в продаже остаются тарифы ниже. Причина: { $error }
catalog-off-sale-title = ⛔ <b>Не в продаже</b>: для бэкенда этих тарифов не заданы настройки, выдать доступ по ним нельзя (см. .env.example).
catalog-off-sale-plan = • <b>{ $title }</b> (<code>{ $id }</code>): нужны { $settings }
catalog-off-sale-trial = 🎁 Пробный период отключён: его тариф <code>{ $plan }</code> не в продаже.

## Customer cabinet (Mini App): the page's strings (webapp-*) and the buttons that open it
menu-cabinet = 📱 Личный кабинет
webapp-menu-button = Мой VPN
webapp-title = Мой VPN
webapp-open-in-telegram = Откройте эту страницу из бота в Telegram (кнопка «Личный кабинет»).
webapp-session-expired = Сеанс истёк: закройте кабинет и откройте его снова из бота.
webapp-blocked = Ваш аккаунт заблокирован. Свяжитесь с магазином.
webapp-error = Что-то пошло не так. Попробуйте ещё раз.
webapp-tab-subscriptions = Подписки
webapp-tab-buy = Купить
webapp-tab-wallet = Кошелёк
webapp-traffic = Трафик
webapp-devices = Устройства
webapp-locations = Локации
webapp-usage-title = Расход за 30 дней
webapp-usage-none = Расход пока не записан.
webapp-connect = Подключить
webapp-hide = Скрыть
webapp-renew = Продлить
webapp-subscription-url = Ссылка подписки
webapp-links = Ссылки
webapp-copy = Копировать
webapp-copied = Скопировано
webapp-qr-hint = Отсканируйте QR-код в VPN-приложении.
webapp-howto-title = Как подключиться
webapp-howto = Установите одно из приложений и нажмите «Добавить в приложение» или скопируйте ссылку подписки и импортируйте её из буфера обмена (➕ → Импорт из буфера).
webapp-open-in-app = Добавить в приложение
webapp-get-app = Скачать приложение
webapp-platform-android = Android
webapp-platform-ios = iPhone и iPad
webapp-platform-windows = Windows
webapp-platform-macos = macOS
webapp-platform-linux = Linux
webapp-plans-title = Тарифы
webapp-buy = Купить
webapp-pay-wallet = Оплатить с баланса
webapp-pay-invoice = Оплатить счётом
webapp-insufficient = Баланса не хватает: оплатите счётом.
webapp-refused = Сейчас это нельзя купить или продлить.
webapp-undeliverable = Сейчас магазин не может это выдать, поэтому ничего не списано. Попробуйте позже.
webapp-order-awaiting = Ждём оплату…
webapp-order-paid = Оплата получена: настраиваем доступ…
webapp-order-active = ✅ Готово: доступ настроен.
webapp-order-failed = Заказ не выполнен: деньги вернулись в кошелёк.
webapp-order-closed = Заказ закрыт без оплаты.
webapp-balance = Баланс
webapp-topup-title = Пополнить
webapp-history-title = История
webapp-history-empty = Движений пока нет.
webapp-prev = ‹ Новее
webapp-next = Старее ›
webapp-days-left = { $days ->
    [one] остался { $days } день
    [few] осталось { $days } дня
    [many] осталось { $days } дней
   *[other] осталось { $days } дня
  }
webapp-until = до { $date }
webapp-traffic-of = { $used } из { $limit }
webapp-traffic-unlimited = Без ограничений, использовано { $used }
webapp-traffic-unlimited-unused = Без ограничений, пока ничего не использовано
webapp-traffic-unknown = сейчас неизвестно
webapp-page = { $page } из { $pages }

## Рефералы: экран приглашений покупателя и раздел администраторов
invite-title =
    <b>🤝 Пригласить друзей</b>

    Ваша личная ссылка:
    <code>{ $link }</code>

    { $terms }

    Пришли по вашей ссылке: <b>{ $joined }</b>
    Из них оплатили: <b>{ $paid }</b>
    Вы заработали: <b>{ $earned }</b>
invite-terms-percent = 💸 Вы получаете на баланс { $percent }% от каждой оплаты каждого приглашённого друга.
invite-terms-percent-first = 💸 Вы получаете на баланс { $percent }% от оплат каждого приглашённого друга, но не более чем с { $payments ->
    [one] { $payments } оплаты
    [few] { $payments } оплат
   *[many] { $payments } оплат
}.
invite-terms-bonus = 🎁 Друзья получают { $days ->
    [one] { $days } дополнительный день
    [few] { $days } дополнительных дня
   *[many] { $days } дополнительных дней
} к первой покупке.
invite-off = Приглашения сейчас не действуют.
invite-qr = 📷 QR-код
invite-qr-caption = Ваша ссылка-приглашение: { $link }
invite-welcome = 🤝 Вы пришли по приглашению друга.
invite-welcome-bonus = 🤝 Вы пришли по приглашению друга: к первой покупке добавим { $days ->
    [one] { $days } дополнительный день
    [few] { $days } дополнительных дня
   *[many] { $days } дополнительных дней
}.
referral-order-days = 🤝 По приглашению друга: +{ $days ->
    [one] { $days } бонусный день
    [few] { $days } бонусных дня
   *[many] { $days } бонусных дней
} к этой первой покупке
admin-referrals-title = <b>🤝 Реферальная программа</b>: { $state }
admin-referrals-terms = Каталог: пригласившему { $percent }% от каждой оплаты · оплат с вознаграждением на друга: { $payments ->
    [0] все
   *[other] первые { $payments }
} · бонусных дней к первой покупке: { $days }
admin-referrals-no-terms = В каталоге нет раздела <code>referral:</code>, поэтому приглашения и вознаграждения не действуют.
admin-referrals-top = <b>Лучшие пригласившие</b> (пришли · оплатили · заработали):
admin-referrals-none = Пока никто ничего не заработал на приглашениях.
admin-referrals-row = { $place }. { $name } (<code>{ $id }</code>): { $joined } · { $paid } · <b>{ $earned }</b>{ $lost }
admin-referrals-lost = , после возвратов не удалось списать { $lost }
admin-referrals-turn-off = ⛔ Выключить реферальную программу
admin-referrals-turn-on = ✅ Включить реферальную программу
admin-referrals-now-on = Реферальная программа включена.
admin-referrals-now-off = Реферальная программа выключена: новых приглашений, вознаграждений и бонусных дней нет.

## Изменения срока: изменение админа ждёт своей очереди в подписке клиента

term-change-now = ✅ Срок <b>{ $name }</b> теперь до { $to } (был до { $from }).
term-change-queued = ⏳ Сначала применяется оплаченное продление этой подписки клиента. Ваше изменение <b>{ $name }</b> ({ $mode ->
    [add] { $days ->
        [one] +{ $days } день
        [few] +{ $days } дня
        [many] +{ $days } дней
       *[other] +{ $days } дня
    }
   *[set] срок до даты
}) ждёт его и применится сразу после него; об этом придёт сообщение.
term-change-retrying = ⏳ Хостинг не ответил на изменение <b>{ $name }</b>. Оно сохраняет свою очередь и будет повторено само (продления подписки ждут его); когда оно применится, придёт сообщение.
term-change-refused = ❌ Хостинг отказал в изменении <b>{ $name }</b>: { $reason }. Ничего не изменено.
term-change-overrides = ⚠️ Дата ставится поверх { $count ->
    [one] { $count } оплаченного продления
   *[other] { $count } оплаченных продлений
}, которые ещё применяются ({ $orders }): сначала применятся они, потом эта дата заменит добавленные ими дни.
term-change-applied = ✅ Изменение админа для подписки { $subscription } ({ $mode ->
    [add] { $days ->
        [one] +{ $days } день
        [few] +{ $days } дня
        [many] +{ $days } дней
       *[other] +{ $days } дня
    }
   *[set] срок до даты
}) применено после изменений перед ним: срок теперь до { $expiry }.
term-change-failed = ❌ Изменение админа для подписки { $subscription } не удалось применить: { $reason }. Ничего не изменено.

## Cabinet API limits (issue 23: the Mini App's request budgets)
webapp-rate-limited = Слишком много запросов подряд. Подождите несколько секунд и попробуйте снова.

## Flood limit (issue 23): the toast answering a button press dropped over the limit
rate-limited-toast = Не так быстро: подождите несколько секунд.

## Issue 24, item 6 (second half): server screens and outage notices
my-status-outage = 🔴 не работает: сервер недоступен
my-outage-note = ⚠️ Сервер этого доступа недоступен с { $since }. Мы уже разбираемся и сообщим, как только он заработает; ссылки останутся прежними.
outage-offline-plans = ⚠️ Ваш VPN сейчас не работает: { $count ->
        [one] подписка { $plans } недоступна
       *[other] подписки { $plans } недоступны
    }. Мы уже разбираемся и сообщим, как только всё заработает.
outage-offline-plans-at = ⚠️ Ваш VPN сейчас не работает: { $count ->
        [one] подписка { $plans } недоступна
       *[other] подписки { $plans } недоступны
    } ({ $locations }). Мы уже разбираемся и сообщим, как только всё заработает.
watch-open-server = 🖥 Открыть сервер
owners-stop-note = Они останутся без VPN, пока сервер не запустят снова; после паузы из настроек им сообщат, что он недоступен, и сообщат снова, когда он заработает.
servers-days-left-soon = ⚠️ { $days ->
    [one] остался { $days } день
    [few] осталось { $days } дня
   *[other] осталось { $days } дней
}
settings-cost-learned = { $price }, узнана { $date } по серверу <b>{ $name }</b> (#{ ID($id) }); оповещение берёт её вместо стоимости выше
settings-cost-learned-none = пока неизвестна (бот ещё не продлевал серверы)
xui-open-customer = 👤 Клиент: { $who }

## Plan editor (issue 24, item 7: plans editable from the bot)
plans-button = ✏️ Изменить тарифы
plans-title = ✏️ <b>Тарифы</b>: { $count ->
    [one] { $count } тариф
    [few] { $count } тарифа
   *[other] { $count } тарифов
  }. Нажмите на тариф, чтобы изменить его. Изменения из бота хранятся поверх файла каталога; выгрузите их, чтобы файл совпал с ботом.
plans-line = • <b>{ $title }</b> (<code>{ $id }</code>): { $price } · { $status }{ $edited }
plans-status-on = в продаже
plans-status-retired = снят с продажи
plans-status-unsold = не продаётся здесь (нет настроек)
plans-edited = {" "}· ✏️ изменён в боте
plans-add = ➕ Добавить тариф
plans-export = 📄 Выгрузить в YAML
plans-export-caption = Действующий каталог вместе с изменениями из бота. Положите его вместо { $file }, чтобы файл совпал с ботом.
plans-to-catalog = « Каталог
plans-back = « Тарифы
plans-gone = Этого тарифа больше нет в каталоге.
plans-card =
    <b>Тариф</b> <code>{ $id }</code> · { $status }
    Название (en): { $en }
    Название (ru): { $ru }
    Цена: { $price }
    Срок: { $days } дн. · трафик { $traffic } · устройства { $devices }
plans-preview-title = 👁 <b>Так его видят покупатели:</b>
plans-retired-note = 🚫 Снят с продажи: новые покупатели не могут его купить; купленные подписки продлеваются на его условиях.
plans-edited-note = ✏️ Изменён в боте (версия { $version }); в файле каталога своя версия.
plans-edit-price = 💰 Цена
plans-edit-days = 📅 Дни
plans-edit-title-en = 🇬🇧 Название (en)
plans-edit-title-ru = 🇷🇺 Название (ru)
plans-edit-traffic = 📶 Трафик
plans-edit-devices = 📱 Устройства
plans-retire = 🚫 Снять с продажи
plans-unretire = ✅ Вернуть в продажу
plans-now-retired = 🚫 <code>{ $id }</code> снят с продажи; его подписки продолжают продлеваться.
plans-now-on-sale = ✅ <code>{ $id }</code> снова в продаже.
plans-ask-price = Отправьте новую цену в { $currency } (например, 150 или 99.5).
plans-ask-title-en = Отправьте название на английском (до 64 символов).
plans-ask-title-ru = Отправьте название на русском (до 64 символов).
plans-ask-days = Отправьте срок в днях (целое число от 1).
plans-ask-traffic = Отправьте трафик в ГБ (0 = без ограничений).
plans-ask-devices = Отправьте число устройств (0 = без ограничений).
plans-ask-id = Отправьте id нового тарифа: 1–32 символа из a-z, 0-9, _ и -, не занятый другим тарифом.
plans-ask-backend = На серверах какого тарифа он работает? Отправьте id того тарифа: { $ids }.
plans-invalid-value = Не подходит: отправьте так, как сказано в вопросе.
plans-preview-head = Проверьте тариф и сохраните его.
plans-save = 💾 Сохранить
plans-press-save = Нажмите «Сохранить» или «Отмена».
plans-saved = ✅ Сохранено (версия { $version }).
plans-save-invalid = ⚠️ Не сохранено: { $error }
plans-changed-meanwhile = ⚠️ Не сохранено: другой админ успел изменить этот тариф. Вот он сейчас.
catalog-differ-title = ✏️ <b>Файл и бот расходятся</b> в этих тарифах. Действует версия из бота, пока вы не выберете:
catalog-differ-plan = • <code>{ $id }</code>: { $why }
catalog-differ-both = изменён и в боте, и в файле
catalog-differ-bot = изменён в боте; в файле старая версия
catalog-differ-added = добавлен в боте; в файле его нет
catalog-use-file = 📄 Взять из файла: { $id }
catalog-keep-bot = ✏️ Оставить из бота: { $id }
catalog-took-file = ✅ <code>{ $id }</code>: теперь действует версия из файла.
catalog-kept-bot = ✅ <code>{ $id }</code>: версия из бота остаётся в силе.

## Customer screens (issue 24, items 2-4): the trial's own title, ways on from every screen
command-promo = Ввести промокод
sub-title-trial = Пробный период · { $days ->
    [one] { $days } день
    [few] { $days } дня
   *[many] { $days } дней
}, { $traffic }
sub-title-trial-open = Пробный период · { $traffic }
my-trial-buy = 🛒 Выбрать тариф
buy-cancelled-renewal = Продление отменено. Ничего не списано; срок подписки не изменился.
buy-renewal-back = 🔑 К подписке
webapp-trial-buy = Выбрать тариф

## Issue 24, item 1 (sell only what can be delivered): orders the hosting side cannot deliver now
undeliverable-server-short = { $kind ->
    [renewal] Это продление
   *[other] Этот тариф
} сейчас не может быть выдан: ни один сервер этой локации не оплачен до { $needed }. Деньги не списаны. Администраторы в курсе; попробуйте позже.
undeliverable-location-down = { $kind ->
    [renewal] Это продление
   *[other] Этот тариф
} сейчас не может быть выдан: одна из его локаций недоступна. Деньги не списаны. Администраторы в курсе; попробуйте позже.
undeliverable-client-gone = Вашего доступа больше нет на сервере, поэтому продлить его нельзя. Деньги не списаны; купите новый тариф или напишите в поддержку.
buy-renewal-moves = 🔁 Сервер, на котором ваш доступ, оплачен не на весь новый срок, поэтому продление перенесёт доступ на другой сервер той же локации: вы получите новые ссылки, а старые перестанут работать.
invoice-refused-undeliverable = Этот заказ сейчас не может быть выдан, поэтому деньги не списаны. Попробуйте позже.
alert-undeliverable-server = ⚠️ Не продано: { $kind ->
    [renewal] продление
   *[other] покупка
} «{ $plan }» для { $customer }.
    Сервер <b>{ $server }</b> (#{ ID($id) }) оплачен до { $paid }, а срок дошёл бы до { $needed }. Автопродление { $auto ->
        [on] включено, но продлить не удалось (проверьте баланс)
       *[other] выключено
    }. Продлите сервер, чтобы снова продавать.
alert-undeliverable-no-server = ⚠️ Не продано: { $kind ->
    [renewal] продление
   *[other] покупка
} «{ $plan }» для { $customer }: среди серверов тарифа нет активного xui-сервера.
alert-undeliverable-location = ⚠️ Не продано: { $kind ->
    [renewal] продление
   *[other] покупка
} «{ $plan }» для { $customer }: локация панели { $location } не подключена к главной панели или недоступна.
alert-undeliverable-gone = ⚠️ Не продано: продление «{ $plan }» для { $customer }: его клиента больше нет на стороне хостинга.
alert-extend-server = ⏫ Продлить сервер
failure-server-short = сервер { $server } (#{ ID($id) }) оплачен только до { $paid }, раньше конца срока { $needed }: продлите сервер
refund-back-stars = { $amount } вернулись в ваши Telegram Stars
refund-back-split = { $stars } вернулись в ваши Telegram Stars, а { $wallet } — в кошелёк
refund-back-wallet = { $amount } вернулись в кошелёк
delivery-failed-back = 😔 Не удалось настроить ваш VPN-доступ. { $back }. Администраторы в курсе.
renewal-failed-back = 😔 Не удалось продлить «{ $plan }». { $back }. Подписка сохраняет текущий срок, до { $date }; администраторы в курсе.
gift-failed-back = 😔 Ваш подарок ({ $plan }) получен, но доступ настроить не удалось. { $back }. Администраторы в курсе.
alert-order-stars-back = 💫 { $stars } отправлены обратно в Telegram Stars покупателя.

## Issue 24, part c (money screens and back office): history lines in the customer's words
history-what-paid = { $what } · { $paid }
history-gift = 🎁 Подарок: { $plan }
history-renewal = Продление: { $plan }
history-refund = Возврат: { $plan }
history-gift-refund = Возврат за подарок: { $plan }
history-paid-balance = с баланса
history-paid-stars = оплачено звёздами
history-paid-card = оплачено картой
history-paid-stars-part = звёздами ({ $charge }) и с баланса ({ $rest })
history-paid-card-part = картой ({ $charge }) и с баланса ({ $rest })
gift-cancel-confirm = Отменить подарок <b>{ $plan }</b>?

{ $amount } вернутся в кошелёк, а ссылка перестанет работать: тот, кому вы её отправили, уже не сможет получить подарок.
gift-cancel-yes = ✖ Да, отменить и вернуть { $amount }
gift-cancel-keep = « Оставить подарок
customers-order-kind-gift = подарок
customers-order-kind-gift-for = подарок для <code>{ $id }</code>
admin-referrals-state-unset = ⚪ не настроены
admin-referrals-off-means = Выключены: ссылки никого не приглашают, вознаграждения и бонусные дни не начисляются, пока вы их снова не включите.
admin-referrals-nobody-yet = По приглашениям пока никто не пришёл: клиенты находят свою ссылку в разделе 🤝 Пригласить друзей.
admin-referrals-nobody = По приглашениям никто не пришёл.
admin-referrals-figures = Пришли по приглашению: <b>{ $joined }</b>, от { $inviters ->
    [one] { $inviters } пригласившего
   *[other] { $inviters } пригласивших
} · оплатили: <b>{ $paid }</b> · вознаграждения: <b>{ $earned }</b>
promo-admin-plans-all = 🌐 Все тарифы
promo-admin-plans-go = ✅ Далее
promo-admin-plans-none = Отметьте хотя бы один тариф или выберите 🌐 Все тарифы.
promo-admin-button-yes = ✅ Да
promo-admin-button-no = ❌ Нет
broadcast-audience-expired = ⌛ Подписка истекла
broadcast-audience-never = 🆕 Ничего не покупали
broadcast-audience-trial = 🎁 Только пробный период
broadcast-audience-plan = 📦 { $plan }
broadcast-to-expired = клиентам с истёкшей подпиской
broadcast-to-never = клиентам, которые ничего не покупали
broadcast-to-trial = клиентам, у которых был только пробный период
broadcast-to-plan = клиентам с активным тарифом «{ $plan }»
broadcast-ask-buttons = 🔗 Добавить кнопки-ссылки под сообщением? Пришлите по одной в строке: <code>Надпись - https://ссылка</code> (до { $max }), или нажмите ⏭ Без кнопок.
broadcast-no-buttons = ⏭ Без кнопок
broadcast-buttons-invalid = Пришлите каждую кнопку отдельной строкой: <code>Надпись - https://ссылка</code> (ссылка https:// или tg://, надпись до 64 символов, не больше { $max } кнопок), или нажмите ⏭ Без кнопок.

## Cabinet page (issue 25): the page's own labels (src/webapp/strings.ts lists them)

webapp-tab-more = Ещё
webapp-retry = Повторить
webapp-offline = Нет соединения. Проверьте интернет и повторите.
webapp-cancel = Отмена
webapp-empty-title = Добро пожаловать! У вас пока нет VPN.
webapp-empty-trial = Попробуйте бесплатно или выберите тариф ниже: доступ придёт за секунды.
webapp-empty-plans = Выберите тариф ниже: доступ придёт за секунды, со ссылками и QR-кодом.
webapp-plans-choose = Выбрать тариф
webapp-trial-start = Попробовать бесплатно
webapp-trial-free = Бесплатно
webapp-trial-used = Вы уже использовали пробный период.
webapp-gift-buy = 🎁 В подарок
webapp-confirm-term = Срок
webapp-confirm-price = Цена
webapp-confirm-promo = Промокод
webapp-confirm-balance-after = Баланс после оплаты
webapp-confirm-by-invoice = К оплате счётом
webapp-confirm-gift = 🎁 Подарок: после оплаты вы получите ссылку, которую нужно отправить другу.
webapp-order-paying = Оплачиваем с баланса…
webapp-invoice-cancelled = Счёт не оплачен. Ничего не списано.
webapp-gift-ready = 🎁 Оплачено: ссылка на подарок готова ниже. Отправьте её другу.
webapp-promo-title = Есть промокод?
webapp-promo-placeholder = ПРОМОКОД
webapp-promo-hint = Введите его здесь до выбора тарифа.
webapp-promo-noted = Код проверим при следующем заказе и покажем скидку до оплаты.
webapp-usage-peak = самый активный день
webapp-usage-no-reading = нет данных
webapp-topup-amount = Другая сумма
webapp-topup-go = Пополнить
webapp-topup-bounds = Сумма от
webapp-topup-invalid = Введите сумму в пределах, указанных ниже.
webapp-topup-waiting = Оплачено: ждём поступления денег…
webapp-topup-done = ✅ Баланс пополнен.
webapp-invite-title = Пригласить друзей
webapp-invite-share = Поделиться ссылкой
webapp-invite-share-text = Быстрый VPN прямо в Telegram: подключайся по моей ссылке.
webapp-gifts-title = Подарки
webapp-gifts-none = Вы ещё не дарили подписки.
webapp-gift-new = Подарить тариф
webapp-gift-cancel = Отменить подарок
webapp-gift-cancel-confirm = Отменить этот подарок? Его ссылка перестанет работать.
webapp-gift-cancel-yes = Да, отменить
webapp-gift-not-cancellable = Этот подарок уже нельзя отменить.
webapp-status-title = Состояние сервиса
webapp-status-none = Локаций пока нет: они появятся здесь, когда у вас будет подписка.
webapp-notices-title = Уведомления
webapp-notices-none = Уведомлений нет: всё работало без сбоев.
webapp-language-title = Язык
webapp-support-title = Поддержка
webapp-support-text = Есть вопрос или проблема? Напишите нам, мы поможем.
webapp-support-write = Написать

## Cabinet API (issue 25)
webapp-trial-offer-title = Бесплатный пробный период
webapp-summary-days-bonus = { $days } + { $bonus ->
    [one] { $bonus } бонусный день
    [few] { $bonus } бонусных дня
   *[many] { $bonus } бонусных дней
}
webapp-summary-promo-off = Промокод { $code }: −{ $off }
webapp-summary-percent = { $percent } %
webapp-summary-promo-days = Промокод { $code }: +{ $days ->
    [one] { $days } бонусный день
    [few] { $days } бонусных дня
   *[many] { $days } бонусных дней
}
webapp-gift-state-waiting = Ждёт получателя, ссылка действует до { $date }
webapp-gift-state-claimed = Получен { $date }
webapp-gift-state-cancelled = Отменён { $date }, деньги возвращены
webapp-gift-state-expired = Истёк { $date }, деньги возвращены
webapp-gift-refund-text = { $amount } вернутся на баланс
webapp-gift-refunded-text = Подарок отменён: { $amount } вернулись на баланс.
webapp-invite-joined-text = { $count ->
    [one] Присоединился { $count } друг
    [few] Присоединились { $count } друга
   *[many] Присоединились { $count } друзей
}
webapp-invite-paid-text = { $count ->
    [one] Оплатил { $count }
   *[other] Оплатили { $count }
}
webapp-invite-earned-text = Заработано: { $amount }
webapp-location-up = Работает
webapp-location-degraded = Возможны сбои
webapp-location-down = Не работает
webapp-location-since = с { $date }

## Service status (/status, issue 31)
status-title = 📡 <b>Состояние сервиса</b>
status-empty = У вас нет действующей подписки, поэтому проверять пока нечего. Выберите тариф, чтобы начать.
status-line-up = 🟢 <b>{ $name }</b>: работает
status-line-degraded = 🟡 <b>{ $name }</b>: возможны проблемы
status-line-down = 🔴 <b>{ $name }</b>: не работает
status-since = с { $date }
status-checked = проверено { $ago }
status-checked-never = ещё не проверялось
status-ago-now = только что
status-ago-minutes = { $n } мин назад
status-ago-hours = { $n } ч назад
status-ago-days = { $n } дн. назад
status-notices-title = 🔔 <b>Отправленные вам уведомления</b>
status-notices-none = Уведомлений нет: всё работало без сбоев.
status-open = 📡 Состояние сервиса

## Issue 26: Maintenance mode
maintenance-closed = 🛠 Магазин закрыт на техническое обслуживание.
maintenance-auto-reason = Наш хостинг-провайдер сейчас не отвечает. Покупки и продления откроются сами, как только он снова заработает.
maintenance-until = Ожидаем открыться: { $date }.
maintenance-still-open = Ваши подписки, их ссылки и кошелёк по-прежнему доступны. Уже сделанные платежи в сохранности: оплаченное придёт как обычно.
maintenance-alert = 🛠 Магазин закрыт на техническое обслуживание.
maintenance-section = 🛠 Техобслуживание
maintenance-admin-title = 🛠 <b>Техобслуживание</b>
maintenance-admin-open = ✅ Магазин открыт для клиентов.
maintenance-admin-closed-manual = 🛠 Закрыт для клиентов с { $since }, { $until }.
maintenance-admin-no-end = пока вы его не откроете
maintenance-admin-ends = до { $date } (потом откроется сам)
maintenance-admin-message = Сообщение клиентам: { $message }
maintenance-admin-message-none = Сообщение клиентам: стандартный текст.
maintenance-admin-closed-auto = 📡 Закрыт для клиентов автоматически: API хостинга не отвечает с { $since }. Магазин откроется сам, когда хостинг снова ответит.
maintenance-admin-ended = Последнее техобслуживание закончилось само в { $date }.
maintenance-admin-unreachable = 📡 API хостинга не отвечает с { $since }.
maintenance-admin-auto-off = Автоматическое техобслуживание: ⛔ выключено. При сбое хостинга магазин остаётся открытым: заказы ждут хостинг, а клиентам сообщается о задержке.
maintenance-admin-auto-on = Автоматическое техобслуживание: ✅ через { $minutes } мин без ответа от API хостинга; магазин откроется снова, когда он ответит.
maintenance-admin-works = <i>Пока магазин закрыт, админы работают как обычно, платежи зачисляются и заказы выдаются, напоминания и оповещения идут; клиенты по-прежнему видят свои подписки и кошелёк.</i>
maintenance-open-button = ✅ Открыть магазин сейчас
maintenance-change-button = ✏️ Изменить сообщение или срок
maintenance-close-button = 🛠 Закрыть магазин на техобслуживание
maintenance-auto-choice-off = Авто: выкл.
maintenance-auto-choice = { $minutes } мин
maintenance-settings-button-off = 🛠 Техобслуживание (автоматически: выкл.)
maintenance-settings-button-on = 🛠 Техобслуживание (автоматически через { $minutes } мин)
maintenance-now-open = Магазин снова открыт.
maintenance-already-open = Это техобслуживание уже закончилось.
maintenance-auto-set = Автоматическое техобслуживание через { $minutes } мин.
maintenance-auto-set-off = Автоматическое техобслуживание выключено.
maintenance-ask-message = ✏️ Пришлите сообщение, которое клиенты увидят, пока магазин закрыт (до { $max } символов), или оставьте стандартный текст.
maintenance-standard-text = 📝 Стандартный текст
maintenance-message-too-long = Здесь { $length } символов, а помещается до { $max }. Пришлите сообщение покороче.
maintenance-end-hours = { $hours } ч
maintenance-end-none = Без срока
maintenance-ask-end = ⏱ На сколько? Когда время выйдет, магазин откроется сам.
maintenance-choose-end = Выберите одну из кнопок выше или нажмите «Отмена».
maintenance-closed-done = 🛠 Магазин закрыт для клиентов.
maintenance-auto-on-admins = 📡 API хостинга не отвечает с { $since } ({ $duration }): магазин автоматически закрыт для клиентов. Платежи по-прежнему зачисляются, заказы ждут хостинг. Магазин откроется сам, когда хостинг снова ответит.
maintenance-auto-off-admins = ✅ Автоматическое техобслуживание закончилось: магазин снова открыт для клиентов (был закрыт { $duration }).
webapp-maintenance = Магазин закрыт на техническое обслуживание.
maintenance-auto-chosen = ✓ { $choice }

## Issue 26: required channel membership (the channel gate)
gate-needed-trial = 📣 Чтобы получить бесплатный пробный период, сначала подпишитесь на наш канал:
gate-needed-purchase = 📣 Чтобы купить тариф, сначала подпишитесь на наш канал:
gate-needed-claim = 📣 Чтобы получить этот подарок, сначала подпишитесь на наш канал:
gate-trial-paused = ⏸ Ваш пробный период приостановлен: вы отписались от нашего канала. Подпишитесь снова, чтобы пользоваться им:
gate-then-check = Затем нажмите <b>✅ Проверить</b>.
gate-join = ➕ Подписаться: { $title }
gate-check = ✅ Проверить
gate-still-out = Вы ещё не подписались: { $channels }
gate-trial-resumed = ▶️ Пробный период снова работает. Спасибо, что остаётесь с нами!
gate-all-joined = Вы подписаны на все каналы. Спасибо!
gate-admin-cannot-read =
    ⚠️ <b>Обязательный канал: бот не видит подписчиков</b>
    { $title } ({ $id }): { $reason }
    Сделайте бота администратором канала. До тех пор канал никого не задерживает: клиенты проходят без проверки.
gate-settings-button = 📣 Обязательные каналы
gate-admin-title = 📣 <b>Обязательные каналы</b>
gate-admin-coverage = Требуется для: { $coverage }
gate-coverage-trial = только пробного периода
gate-coverage-purchases = пробного периода и новых покупок
gate-coverage-all = всего, кроме продлений
gate-admin-none = Каналов пока нет: никого не просят ни на что подписываться.
gate-admin-no-link = Нет ссылки для вступления: { $channels }. Дайте боту право приглашать пользователей и добавьте канал заново.
gate-admin-help = Клиенты подписываются кнопками и нажимают «Проверить». Продления, «Мои подписки», сам доступ и кошелёк никогда не блокируются. Пробный период клиента, отписавшегося от канала, приостанавливается до его возвращения.
gate-admin-remove = ✖️ Убрать { $title }
gate-admin-add = ➕ Добавить канал
gate-admin-back = « Настройки
gate-admin-coverage-set = Теперь требуется для: { $coverage }.
gate-admin-removed = { $title } больше не обязателен.
gate-admin-ask = Пришлите канал или группу: @username, ссылку t.me или числовой id (например, -1001234567890). Бот должен быть его администратором.
gate-admin-ask-invalid = Это не похоже на канал. Пришлите @username, t.me/username или числовой id вида -1001234567890.
gate-admin-added = ✅ { $title } добавлен.
gate-admin-updated = ✅ { $title } уже был в списке: название и ссылка обновлены.
gate-admin-not-admin = ⚠️ Бот не администратор канала { $title } и не видит, кто подписан. Сделайте бота администратором и добавьте канал снова.
gate-admin-full = Список полон (каналов: { $max }). Сначала уберите один.
gate-admin-not-channel = Это личный чат с человеком, а не канал или группа.
gate-admin-unavailable = Telegram не ответил. Попробуйте через минуту.
gate-admin-not-found = Telegram не знает такого канала, или бота в нём нет. Добавьте бота в канал администратором и попробуйте снова.
webapp-gate-needed = Сначала подпишитесь на эти каналы, затем нажмите «Проверить».
webapp-gate-join = Подписаться
webapp-gate-check = Проверить
webapp-gate-still-out = Вы подписались ещё не на все.
webapp-gate-resumed = Пробный период снова работает.

## Issue 26: auto-renew from the balance
autorenew-state-on = 🔁 Автопродление: включено, с баланса за { $days ->
    [one] { $days } день
    [few] { $days } дня
   *[many] { $days } дней
} до окончания
autorenew-state-off = 🔁 Автопродление: выключено
autorenew-turn-on = 🔁 Включить автопродление
autorenew-turn-off = ⏹ Выключить автопродление
autorenew-now-on = Автопродление включено: продление оплачивается с баланса незадолго до окончания.
autorenew-now-off = Автопродление выключено.
autorenew-unavailable = Эта подписка не может продлеваться сама (пробный период или её больше нельзя продлить).
autorenew-list-mark = 🔁 автопродление
autorenew-short = 🔁 <b>{ $plan }</b> пора продлить с баланса, но баланса ({ $balance }) не хватает на цену ({ $price }). Пополните кошелёк — и подписка продлится сразу; иначе она закончится { $date }.
autorenew-topup-button = 💳 Пополнить на { $amount }
autorenew-renewed = 🔁 <b>{ $plan }</b> продлена автоматически с баланса: { $price }.
autorenew-settings-line = Автопродление покупателей: за { $days ->
    [one] { $days } день
    [few] { $days } дня
   *[many] { $days } дней
} до окончания (не раньше срока самого тарифа)
autorenew-settings-edit = 🔁 Изменить срок автопродления
autorenew-settings-ask = 🔁 За сколько дней до окончания продлевать с баланса владельца подписку с включённым автопродлением? Отправьте целое число от { $min } до { $max }.
autorenew-settings-invalid = Отправьте целое число дней от { $min } до { $max }.
webapp-autorenew = Автопродление с баланса
webapp-autorenew-on-text = Продлевается сама с вашего баланса за { $days ->
    [one] { $days } день
    [few] { $days } дня
   *[many] { $days } дней
} до окончания.
webapp-autorenew-off-text = Выключено: продлите подписку сами до её окончания.

## Issue 26: traffic packs
pack-title = +{ $gb } к «{ $plan }»
pack-button = ➕ { $gb } за { $price }
buy-confirm-pack =
    🚀 <b>Пакет трафика</b>
    Подписка: <b>{ $plan }</b>
    Добавит: <b>{ $gb }</b>
    Цена: <b>{ $price }</b>
    Баланс кошелька: { $balance }
pack-rule = Трафик на этот срок: сейчас { $current }, с пакетом <b>{ $next }</b>, до { $until }. Срок действия не меняется.
pack-pending = { $count ->
    [one] ⏳ Пакет трафика, оплаченный раньше, ещё добавляется: этот ляжет поверх него.
    [few] ⏳ { $count } пакета трафика, оплаченные раньше, ещё добавляются: этот ляжет поверх них.
   *[many] ⏳ { $count } пакетов трафика, оплаченных раньше, ещё добавляются: этот ляжет поверх них.
}
pack-renewal-note = Продление даёт заново { $plan } тарифа на новый срок: неизрасходованный трафик пакета на него не переносится.
buy-paid-pack = ✅ Оплачено { $price } с баланса (осталось { $balance }). Добавляем трафик, это займёт несколько секунд…
pack-cancelled = Пакет трафика отменён. Деньги не списаны; подписка осталась как была.
pack-not-offered = Этот пакет трафика (больше) не предлагается для этой подписки. Откройте подписку ещё раз, чтобы увидеть доступные.
pack-refused-removed = Эта подписка удалена администраторами магазина, поэтому добавить к ней трафик нельзя.
pack-refused-disabled = Эта подписка заблокирована администраторами магазина, поэтому добавить трафик сейчас нельзя; деньги не списаны. Напишите в поддержку.
pack-refused-disabled-support = Эта подписка заблокирована администраторами магазина, поэтому добавить трафик сейчас нельзя; деньги не списаны. Напишите в поддержку: { $contact }.
pack-promo-not-applicable = Промокоды действуют на тарифы и продления, но не на пакеты трафика: цена этого заказа не меняется.
undeliverable-pack-client-gone = Вашего доступа больше нет на сервере, поэтому добавить к нему трафик нельзя. Деньги не списаны; купите новый тариф или напишите в поддержку.
undeliverable-pack-location-down = Сейчас этот пакет трафика добавить нельзя: одна из локаций вашего доступа недоступна. Деньги не списаны. Администраторы уже знают; попробуйте позже.
alert-undeliverable-pack-location = ⚠️ Не продано: пакет трафика к «{ $plan }» для { $customer }: локация панели { $location } не подключена к главной панели или офлайн.
alert-undeliverable-pack-gone = ⚠️ Не продано: пакет трафика к «{ $plan }» для { $customer }: его клиента больше нет на стороне хостинга.
pack-delivered =
    🚀 <b>Добавлено { $gb }: { $plan }</b>
    Трафик на этот срок теперь { $allowance }, до { $until }.
delivery-delayed-pack = ⏳ Пакет трафика добавляется дольше обычного: хостинг пока не отвечает. Ваш платёж в сохранности: трафик добавится сам, и мы напишем сюда, или деньги вернутся на ваш баланс.
pack-failed = 😔 Не удалось добавить пакет трафика к «{ $plan }». { $amount } вернулись на ваш кошелёк; подписка осталась как была. Администраторы уже знают.
pack-failed-back = 😔 Не удалось добавить пакет трафика к «{ $plan }». { $back }. Подписка осталась как была; администраторы уже знают.
alert-pack-failed = ⚠️ Пакет трафика { $order } для подписки { $subscription } не добавлен: { $what }. Покупатель { ID($customer) }, тариф { $plan }; { $amount } возвращено на кошелёк, подписка не изменилась. Подробности — в логе.
invoice-pack-title = Пакет трафика VPN
wallet-kind-pack = Пакет трафика
customers-kind-pack = пакет трафика
customers-order-kind-pack = пакет трафика
history-pack = Пакет трафика: { $plan }
stats-col-pack = Пак
stats-legend-packs = <i>Пак: пакеты трафика (их выручка тоже учитывается).</i>
catalog-plan-packs = 📦 Пакеты трафика: { $packs }
traffic-button-packs = ➕ Добавить трафик
webapp-packs-title = Добавить трафик на этот срок
webapp-confirm-pack = Добавит
webapp-pack-added = ✅ Готово: трафик добавлен.
webapp-pack-not-offered = Этот пакет трафика больше не предлагается для этой подписки.
webapp-summary-pack = { $gb }: { $current } → { $next } на этот срок
webapp-summary-pack-term = Срок не меняется: { $until }

## Issue 27: payment rails (CryptoBot, YooKassa)
rail-paid-order = ✅ { $rail }: ваш платёж { $amount } поступил. Заказ оплачен и уже готовится.
rail-paid-topup = ✅ { $rail }: ваш платёж { $amount } поступил и зачислен на кошелёк (баланс { $balance }).
rail-paid-promo-refused = ✅ { $rail }: ваш платёж { $amount } поступил, но промокод заказа больше нельзя применить, поэтому заказ отменён. Деньги на кошельке (баланс { $balance }).
rail-paid-mismatch = ⚠️ { $rail }: мы получили { $amount } — это не та сумма, которую просил заказ. Поэтому заказ не оплачен: деньги на кошельке (баланс { $balance }), сотрудники магазина уведомлены.
rail-paid-held = ⚠️ { $rail }: мы получили платёж в валюте { $currency }, в которой магазин не продаёт. Пока ничего не зачислено: сотрудники магазина разберутся и свяжутся с вами.
refund-back-rail = { $amount } вернулись вам через { $rail }
refund-back-rail-split = { $amount } вернулись вам через { $rail }, а { $wallet } — на кошелёк
alert-order-rail-back = 💳 { $amount } возвращены покупателю через { $rail }.
alert-rail-mismatch = ⚠️ Платёж { $rail } на { $amount } от покупателя { $customer } не совпал с запрошенным, поэтому ничего не оплатил: деньги на его балансе. Он в списке «Админ → Платежи».
alert-rail-held = ⚠️ Платёж { $rail } на { $amount } от покупателя { $customer } пришёл в валюте, в которой магазин не продаёт: ничего не зачислено. Он в списке «Админ → Платежи»; решите вопрос с покупателем.
wallet-kind-rail-refund = Возврат через платёжный сервис
customers-kind-rail-refund = возврат через платёжный сервис

## Issue 27: payment rails in the cabinet
webapp-pay-rail = Оплатить через
webapp-confirm-due = К оплате
webapp-rail-unavailable = Сейчас недоступно
webapp-rail-email-title = Ваш e-mail для чека
webapp-rail-email-hint = Платёжный сервис пришлёт на него чек об этой оплате.
webapp-rail-email-save = Продолжить
webapp-rail-email-bad = Это не похоже на адрес e-mail. Проверьте его, пожалуйста.
webapp-rail-waiting = Оплатите на открывшейся странице и вернитесь сюда. Оплата подхватится сама; если это затянется, нажмите «Проверить оплату».
webapp-rail-check = Проверить оплату
webapp-rail-open-again = Открыть страницу оплаты
webapp-rail-not-paid = Оплата ещё не поступила. Если вы только что оплатили, подождите минуту и нажмите «Проверить оплату» ещё раз.
webapp-rail-closed = Этот платёж закрыт без оплаты. Выберите способ оплаты заново.
webapp-rail-to-balance = Платёж пришёл, но не на ту сумму, которую просил заказ: деньги на кошельке, сотрудники уведомлены.
webapp-rail-held = Платёж пришёл в валюте, в которой магазин не продаёт: пока ничего не зачислено, сотрудники свяжутся с вами.
webapp-rail-refused = Этот платёжный сервис сейчас не может принять оплату. Выберите другой способ или попробуйте позже.
webapp-topup-how = Как вы хотите оплатить?

## Issue 27: payment rails in the chat
rail-pay-button = 💳 Оплатить { $amount } через { $rail }
rail-off-button = ⏸ { $rail }: сейчас недоступен
rail-unavailable = { $rail } сейчас недоступен. Выберите другой способ оплаты или попробуйте позже.
rail-not-offered = Этот способ оплаты больше не предлагается. Выберите другой.
rail-telegram-off = Оплата в Telegram в этом магазине недоступна. Выберите другой способ оплаты.
rail-confirm-short = На балансе не хватает { $missing }: оплатите эту сумму одним из способов ниже, остальное ({ $covered }) спишется с баланса.
rail-confirm-due = Оплатите { $missing } одним из способов ниже.
rail-balance-short = Баланса ({ $balance }) больше не хватает на этот заказ: выберите, как оплатить остаток.
rail-order-pay =
    💳 <b>Оплата через { $rail }</b>
    За: <b>{ $item }</b>
    К оплате: <b>{ $amount }</b>

    Откройте { $rail } кнопкой ниже и оплатите там. Заказ будет оплачен, как только { $rail } подтвердит платёж, и вы получите сообщение здесь. Если вы оплатили, а сообщения нет, нажмите «Я оплатил».
rail-topup-pay =
    💳 <b>Пополнение через { $rail }</b>
    К оплате: <b>{ $amount }</b>

    Откройте { $rail } кнопкой ниже и оплатите там. Деньги поступят в кошелёк, как только { $rail } подтвердит платёж, и вы получите сообщение здесь. Если вы оплатили, а сообщения нет, нажмите «Я оплатил».
rail-open = 🔗 Открыть { $rail }
rail-paid-button = ✅ Я оплатил
rail-other-ways = « Другие способы оплаты
rail-start-again = 💳 Выбрать способ оплаты
rail-check-credited = ✅ Платёж получен, спасибо!
rail-check-already = Этот платёж уже получен.
rail-check-pending = { $rail } ещё не подтвердил платёж. Если вы только что оплатили, подождите минуту и нажмите «Я оплатил» ещё раз.
rail-check-unknown = Этот платёж здесь больше не известен. Начните заново.
rail-check-closed = { $status ->
    [cancelled] ✖ Платёж через { $rail } отменён.
   *[other] ⌛ Срок платежа через { $rail } истёк.
} Деньги не списаны. Можно начать заново.
rail-topup-choose = 💰 Пополнение на <b>{ $amount }</b>: как вы хотите оплатить?
rail-topup-telegram = 💳 Оплатить { $amount } в Telegram
rail-email-ask = 📧 Чек за этот платёж отправляется на e-mail, как требует закон. Пришлите ваш адрес электронной почты. Он сохранится для следующих платежей; изменить его можно в кошельке.
rail-email-change = 📧 Пришлите адрес электронной почты для чеков об оплате.
rail-email-invalid = Это не похоже на адрес электронной почты. Пришлите адрес вида name@example.com.
rail-email-saved = ✅ Теперь чеки будут приходить на { $email }.
rail-email-missing = Нам всё ещё нужен ваш e-mail для чека. Нажмите кнопку оплаты ещё раз.
rail-wallet-title =
    💰 <b>Ваш кошелёк</b>
    Баланс: <b>{ $balance }</b>

    Пополните его: выберите сумму или введите свою, затем способ оплаты. С баланса можно оплачивать тарифы и продления.
rail-wallet-email = 📧 E-mail для чеков: { $email }
rail-wallet-no-email = 📧 E-mail для чеков: пока не указан (его спросят при первом платеже, где он нужен).
rail-wallet-email-change = 📧 Изменить e-mail
rail-wallet-email-add = 📧 Указать e-mail
admin-rails = 🏦 Платежи
rails-title = 🏦 <b>Платежи</b>
rails-none = Внешние платёжные сервисы не настроены.
rails-rail = <b>{ $name }</b> · { $takes }
rails-takes = принимает { $currency }
rails-takes-not = ⚠️ не принимает { $currency }: покупателям не предлагается
rails-health-up = 🟢 отвечает (проверено { $at })
rails-health-down = 🔴 не отвечает (проверено { $at }: { $why })
rails-health-unknown = ⚪ ещё не проверялся
rails-today = Сегодня: { $count ->
    [one] { $count } платёж
    [few] { $count } платежа
   *[many] { $count } платежей
}, { $sum }
rails-choice-line = { $name }: { $value }
rails-choice-assets = Принимаемые активы
rails-choice-receipts = Чеки на e-mail
rails-flag-on = { $rail }: { $name } ✅ вкл.
rails-flag-off = { $rail }: { $name } ⛔ выкл.
rails-telegram = <b>Telegram</b> · Stars и платёжный провайдер
rails-telegram-off = <b>Telegram</b> · счета в валюте магазина невозможны (нет токена провайдера)
rails-telegram-name = Telegram
rails-check-title = <b>Платежи на проверку</b>: { $count }
rails-check-latest = (последние { $shown }, сначала новые)
rails-check-none = нет
rails-check-item = { $date } · { $rail } · от <code>{ ID($payer) }</code> · { $amount } · { $why ->
    [amount] не совпал: другая сумма
    [unknown] не совпал: такой платёж не запрашивали
    [currency] задержан: другая валюта
   *[other] не подходит ни к одному заказу
}
rails-last-value = Хотя бы один вариант должен остаться включённым.
rails-stale = Эта кнопка устарела; вот экран в текущем виде.

## Issue 28: roles, audit log, staff group, tickets (core)
staff-not-permitted = ⛔ Ваша роль в команде этого не позволяет.

## Issue 28: staff and audit screens
admin-staff = 👥 Сотрудники
admin-audit = 📜 Журнал действий
staff-role-owner = 👑 владелец
staff-role-admin = 🛠 администратор
staff-role-support = 🎧 поддержка
staff-role-viewer = 👁 наблюдатель
staff-none = нет
staff-title = 👥 <b>Сотрудники</b>
staff-intro =
    Владельцы — это id из ADMIN_IDS. Остальных они добавляют здесь и дают каждому роль:
    🛠 администратор: всё, кроме сотрудников; 🎧 поддержка: клиенты и обращения; 👁 наблюдатель: читает клиентов и журнал действий.
staff-line = { $role } · { $name } · <code>{ $id }</code>
staff-add = ➕ Добавить сотрудника
staff-back = ◀️ Сотрудники
staff-back-card = ◀️ Назад
staff-card =
    👤 <b>{ $name }</b>
    ID: <code>{ $id }</code>
    Роль: { $role }
staff-card-not-staff = 👤 <b>{ $name }</b> (<code>{ $id }</code>) не в числе сотрудников. Дайте роль, чтобы добавить.
staff-owner-unchangeable = Владельцы задаются в ADMIN_IDS в настройках бота и здесь не меняются: измените ADMIN_IDS и перезапустите бота.
staff-remove = 🗑 Убрать из сотрудников
staff-remove-confirm = Убрать <b>{ $name }</b> ({ $role }) из сотрудников? Меню администратора сразу станет недоступно.
staff-remove-yes = ✅ Да, убрать
staff-removed = ✅ { $name } больше не сотрудник.
staff-role-set = ✅ Теперь у { $name } роль: { $role }.
staff-role-same = Роль уже такая: { $role }.
staff-confirm-used = Это подтверждение уже использовано или устарело.
staff-add-ask =
    Кого добавить? Перешлите любое сообщение этого человека или отправьте его @username или числовой Telegram id.
    @username сработает, если человек уже писал этому боту; чтобы получать сообщения бота, ему нужно открыть бота.
staff-add-hidden = Этот человек скрывает свой аккаунт в пересланных сообщениях. Отправьте его @username или числовой id.
staff-add-not-person = Это сообщение переслано из чата или канала, а не от человека. Перешлите сообщение, которое написал сам человек.
staff-add-bot = Бот не может быть сотрудником.
staff-add-invalid = Перешлите сообщение этого человека или отправьте @username или числовой id.
staff-add-unknown = Бот ещё не встречал <b>{ $query }</b>. Попросите человека сначала открыть бота (/start) или отправьте числовой id.
staff-add-owner = { $name } — владелец (ADMIN_IDS): владельцев здесь не меняют.
staff-add-choose = Какую роль дать <b>{ $name }</b> (<code>{ $id }</code>)? Сейчас: { $role }.
staff-told-added = 👋 Теперь вы сотрудник этого магазина, роль: { $role }. Отправьте /admin, чтобы открыть своё меню.
staff-told-changed = Ваша роль сотрудника теперь: { $role }. Отправьте /admin, чтобы открыть своё меню.
staff-told-removed = Вы больше не сотрудник этого магазина: меню администратора для вас закрыто.
audit-outcome-done = ✅ выполнено
audit-outcome-refused = ⛔ отказано
audit-outcome-failed = ❌ ошибка
audit-outcome-started = ⏳ начато
audit-outcome-unknown = ❔ неизвестно
audit-line = { $outcome } · { $at } · { $who } ({ $role })
audit-title = 📜 <b>Журнал действий</b>: { $filter }
audit-filter-all = все записи
audit-filter-actor = сотрудник { $name }
audit-filter-subject = объект <code>{ $subject }</code>
audit-count = { $total ->
    [one] { $total } запись
    [few] { $total } записи
   *[many] { $total } записей
} · страница { $page } из { $pages }
audit-empty = Записей нет.
audit-page-prev = ‹ Новее
audit-page-next = Старше ›
audit-by-staff = 👤 По сотруднику
audit-by-customer = 🧑 По клиенту
audit-by-subject = 🏷 По объекту
audit-show-all = ✖ Все записи
audit-export = 📤 Выгрузить CSV
audit-back = ◀️ Журнал действий
audit-pick-staff = Чьи действия? Выберите сотрудника:
audit-ask-customer = Отправьте числовой Telegram id клиента или его @username.
audit-customer-invalid = Отправьте числовой Telegram id или @username (буквы, цифры и _).
audit-customer-unknown = Клиент <b>{ $query }</b> не найден. Отправьте другой id или @username.
audit-ask-subject = Отправьте объект так, как его пишет журнал, <code>вид:id</code>: например <code>server:7</code>, <code>customer:42</code>, <code>plan:de</code>, <code>staff:99</code>.
audit-subject-invalid = Объект — это вид и id через двоеточие, например <code>server:7</code>.
audit-filter-expired = Этот экран устарел: вот все записи.
audit-export-started = Готовлю CSV…
audit-export-caption = 📜 Журнал действий: { $filter } (CSV)
audit-export-failed = Выгрузку не удалось завершить. Попробуйте позже.
## Issue 28: customers and money: roles and audit
customers-btn-write = ✉️ Написать клиенту
customers-ask-message = ✉️ Напишите сообщение для <b>{ $name }</b>. Бот отправит его как есть, с заголовком, что оно от магазина.
customers-message-long = Сообщение слишком длинное: не больше { $max } символов.
customers-confirm-message =
    ✉️ Для { $name } (<code>{ ID($id) }</code>), как он его получит:

    { $message }

    Отправить?
customers-message-yes = 📨 Отправить
customers-message-sent = 📨 Сообщение отправляется клиенту.
customers-message-unavailable = Из этого процесса нельзя отправлять сообщения клиентам (нет очереди отправки). Ничего не отправлено.
notice-staff-message =
    ✉️ <b>Сообщение от магазина</b>

    { $text }
customers-block-already = Клиент уже заблокирован: ничего не изменилось.
customers-unblock-already = Клиент не был заблокирован: ничего не изменилось.
## Issue 28: support tickets
help-ticket-write = 🆘 Написать в поддержку
ticket-ask = ✍️ Напишите сообщение в поддержку: текст или фото с подписью. Ответ придёт сюда, в этот чат.
ticket-ask-continue = ✍️ Ваше обращение <b>{ $id }</b> открыто. Напишите, что добавить: текст или фото с подписью.
ticket-text-or-photo = Пришлите, пожалуйста, текст или фото (можно с подписью).
ticket-too-long = Слишком длинно: не больше { $max } символов.
ticket-too-many = ⏳ В обращении <b>{ $id }</b> уже много сообщений без ответа. Пожалуйста, дождитесь ответа поддержки.
ticket-opened = ✅ Обращение <b>{ $id }</b> открыто: поддержка получила ваше сообщение. Ответ придёт сюда, в этот чат.
ticket-added = ✅ Добавлено в обращение <b>{ $id }</b>. Ответ придёт сюда, в этот чат.
ticket-btn-close = ✅ Закрыть обращение { $id }
ticket-btn-reply = ↩️ Ответить
ticket-answer-header = 💬 Поддержка · обращение { $id }
ticket-closed-by-staff = ✅ Поддержка закрыла обращение { $id }. Если нужна ещё помощь, напишите снова через /help.
ticket-closed-by-you = ✅ Обращение { $id } закрыто. Спасибо!
ticket-already-closed = Обращение { $id } уже закрыто.
ticket-gone = Этого обращения больше нет.
ticket-state-open = ⏳ ждёт поддержку
ticket-state-answered = 💬 есть ответ
ticket-state-closed = ✅ закрыто
ticket-topic-name = 🎫 { $id } · { $name }
ticket-context-title = 🎫 <b>Обращение { $id }</b> · { $state }
ticket-context-subs = <b>Действующие подписки:</b>
ticket-context-subs-none = Действующих подписок нет.
ticket-context-orders = <b>Последние заказы:</b>
ticket-btn-card = 👤 Карточка клиента
ticket-btn-staff-close = ✅ Закрыть
ticket-btn-reopen = 🔄 Открыть снова
ticket-btn-open = 🎫 Открыть обращение
ticket-btn-thread = 🧵 Открыть переписку
ticket-from-customer = 👤 { $name } · { $id }
ticket-new-private = 🎫 { $id } · { $name } пишет:
ticket-staff-wrote = 💬 { $name } ответил(а) в боте:
ticket-closed-note = ✅ { $who } закрыл(а) обращение { $id }; клиенту сообщено.
ticket-closed-note-customer = ✅ Клиент закрыл обращение { $id }.
ticket-reopened-note = 🔄 { $who } снова открыл(а) обращение { $id }.
ticket-remind = ⏰ Обращение <b>{ $id }</b> ({ $name }) ждёт ответа уже { $waited }.
ticket-staff-not-permitted = ⛔ Ваша роль не позволяет отвечать на обращения: это сообщение не дошло до клиента.
ticket-staff-only-text = До клиента доходит только текст или фото: это сообщение не дошло.
ticket-staff-too-long = Слишком длинно для одного ответа (не больше { $max } символов): до клиента не дошло.
ticket-staff-closed = Обращение закрыто: сообщение не дошло до клиента. Сначала откройте его снова.
ticket-staff-full = В обращении уже предельное число сообщений: это сообщение не дошло до клиента.
ticket-card-sent = Карточка клиента — в вашем личном чате с ботом.
ticket-card-start-bot = Сначала откройте бота в личном чате (Start), потом нажмите снова.
ticket-thread-customer = 👤 Клиент
ticket-thread-staff = 💬 Поддержка
ticket-thread-photo = [фото]
ticket-thread-line = { $who } · { $at }: { $text }
admin-tickets = 🎫 Обращения
tickets-title = 🎫 <b>Обращения</b> · ждут: { $waiting } · с ответом: { $answered }
tickets-group-note = На обращения отвечают в их темах группы команды; здесь — те же обращения.
tickets-none = Открытых обращений нет.
tickets-thread = <b>Переписка:</b>
tickets-thread-more = … не показано более ранних сообщений: { $count }
tickets-btn-answer = ✍️ Ответить
tickets-back = « Обращения
tickets-ask-answer = ✍️ Напишите ответ на обращение <b>{ $id }</b> ({ $name }). Клиент получит его от бота.
tickets-answered = ✅ Ответ отправлен клиенту.
tickets-closed-done = ✅ Обращение { $id } закрыто; клиенту сообщено.
tickets-reopened = 🔄 Обращение { $id } открыто снова.
tickets-reopen-busy = У клиента есть другое открытое обращение ({ $other }); это остаётся закрытым.
webapp-tickets-title = Поддержка
webapp-tickets-hint = Напишите нам здесь: ответ придёт сюда и в ваш чат с ботом.
webapp-tickets-none = У вас пока нет обращений.
webapp-ticket-placeholder = Ваше сообщение
webapp-ticket-send = Отправить
webapp-ticket-close = Закрыть обращение
webapp-ticket-close-confirm = Закрыть это обращение? Написать снова можно в любой момент.
webapp-ticket-sent = Отправлено: поддержка получила ваше сообщение.
webapp-ticket-you = Вы
webapp-ticket-support = Поддержка
webapp-ticket-photo = 📷 Фото
webapp-ticket-too-many = Пожалуйста, сначала дождитесь ответа поддержки на ваши сообщения.
webapp-ticket-too-long = Слишком длинно.
## Issue 28: staff group and daily report
staff-group-section = 🏢 Группа команды
staff-topic-alerts = 🚨 Тревоги
staff-topic-payments = 💳 Платежи
staff-topic-orders = 📦 Заказы
staff-topic-reconciliation = 🔎 Сверка
staff-topic-report = 📊 Ежедневный отчёт
staff-topic-tickets = 🎫 Обращения
staff-group-routing-private = Только личные чаты
staff-group-routing-group = Только группа
staff-group-routing-both = Группа и личные чаты
staff-group-title = 🏢 <b>Группа команды</b>
staff-group-none = Не настроена: уведомления команды приходят каждому в личный чат с ботом.
staff-group-steps = Чтобы они шли в группу команды, по теме на каждый вид уведомлений:
    1. Создайте группу в Telegram и включите в её настройках <b>Темы</b> (она станет форумом).
    2. Добавьте этого бота в группу администратором с правом <b>Управление темами</b>.
    3. Нажмите <b>Настроить</b> и выберите группу (или пришлите её id, он начинается с -100).
    Темы бот создаст сам: тревоги, платежи, заказы, сверка, ежедневный отчёт и обращения.
staff-group-setup = 🔗 Настроить
staff-group-chat = Группа: <b>{ $title }</b> ({ $id })
staff-group-topics = Темы: { $topics }
staff-group-routing = Уведомления идут: { $routing }
staff-group-report-off = Ежедневный отчёт: выключен
staff-group-report-at = Ежедневный отчёт: в { $hour } ({ $zone })
staff-group-routing-help = Личные копии получают те, чья роль позволяет видеть этот вид: владельцы и администраторы — все, поддержка — неудачные заказы. Новые платежи идут только в группу.
staff-group-off = выкл.
staff-group-hours = 🕘 Время отчёта: { $hour }
staff-group-report-now = 📊 Прислать отчёт сейчас
staff-group-remake = 🔁 Создать темы заново
staff-group-change = 🔗 Другая группа
staff-group-stop = 🛑 Не использовать группу
staff-group-back = « Группа команды
staff-group-hours-ask = 🕘 Когда присылать ежедневный отчёт? Час — по { $zone }; отчёт охватывает последний полный день (UTC).
staff-group-stop-ask = 🛑 Больше не использовать группу команды? Уведомления снова пойдут в личные чаты; темы останутся в группе.
staff-group-stop-yes = Да, не использовать
staff-group-remake-ask = 🔁 Создать все темы заново в той же группе? Это нужно, если темы удалили или переименовали; старые останутся, пока вы их не удалите.
staff-group-remake-yes = Да, создать темы
staff-group-remake-used = Это подтверждение уже использовано.
staff-group-routing-set = ✅ Куда идут уведомления — сохранено.
staff-group-report-set = ✅ Ежедневный отчёт будет приходить в { $hour }.
staff-group-report-set-off = ✅ Ежедневный отчёт выключен.
staff-group-report-queued = 📊 Отчёт уже в пути.
staff-group-report-unavailable = ⚠️ Сейчас отчёт отсюда не отправить: очередь воркера не подключена.
staff-group-stopped = ✅ Группа команды больше не используется: уведомления идут в личные чаты.
staff-group-ask = 🏢 Какая группа? Нажмите <b>Выбрать группу</b> ниже, или пришлите id группы (начинается с -100), или перешлите сообщение, отправленное в ней от имени группы. Бот уже должен быть её администратором с правом <b>Управление темами</b>.
staff-group-pick = 🏢 Выбрать группу
staff-group-cancel = ✖️ Отмена
staff-group-cancelled = Отменено.
staff-group-left = Настройка группы команды прервана.
staff-group-ask-invalid = Это не группа. Выберите её кнопкой, пришлите её id (-100…) или перешлите сообщение, отправленное в ней от имени группы.
staff-group-ask-person = Это id человека. Id группы начинается с -100.
staff-group-checking = ⏳ Проверяю группу и создаю темы…
staff-group-not-found = ⚠️ Telegram не показывает боту эту группу. Сначала добавьте бота в группу, затем попробуйте снова.
staff-group-not-forum = ⚠️ Это не группа с темами. Включите Темы в настройках группы и попробуйте снова.
staff-group-not-admin = ⚠️ Бот не администратор этой группы. Сделайте его администратором с правом «Управление темами» и попробуйте снова.
staff-group-no-topics-right = ⚠️ Бот администратор группы, но не может управлять темами. Дайте ему право «Управление темами» и попробуйте снова.
staff-group-unavailable = ⚠️ Telegram не ответил. Попробуйте через минуту.
staff-group-topics-failed = ⚠️ Не удалось создать темы. Проверьте, что бот может управлять темами, и попробуйте снова.
staff-group-saved = ✅ <b>{ $title }</b> теперь группа команды; темы созданы.
staff-payment-line = 💳 { $amount } от { $customer } через { $via }: { $what }
staff-payment-telegram = Telegram
staff-payment-order = оплачен заказ { $order }
staff-payment-topup = пополнение кошелька
staff-payment-unmatched = на кошелёк (не указывал ничего известного)
staff-payment-mismatch = на кошелёк (не совпал с запрошенным)
staff-payment-held = задержан (другая валюта)
staff-report-title = 📊 <b>Ежедневный отчёт</b>: { $date } (день по UTC)
staff-report-none = нет
staff-report-revenue = 💰 Выручка: { $amount }
staff-report-payments = 💳 Платежи: { $list }
staff-report-payment-way = { $way } { $count } · { $sum }
staff-report-new-customers = 👤 Новые клиенты: { $count }
staff-report-orders = 📦 Выдано: новых { $purchases } · продлений { $renewals } · пробных { $trials } · пакетов трафика { $packs }
staff-report-refunds = ↩️ Возвраты: { $list }
staff-report-refund-sum = { $count } · { $sum }
staff-report-converted = 🎯 Пробные, перешедшие в оплату: { $count }
staff-report-expiring = ⏳ Подписок истекает в ближайшие 7 дней: { $count }
staff-report-hosting = 🏦 Баланс хостинга: { $balance } · активных серверов: { $servers }
staff-report-runway-days = 🛫 Запас: { $days ->
        [one] { $days } день
        [few] { $days } дня
        [many] { $days } дней
       *[other] { $days } дня
    } (до { $date }, когда не хватит на продление сервера #{ ID($id) })
staff-report-runway-beyond = 🛫 Запас: больше { $days } дней
staff-report-runway-none = 🛫 Запас: нет активных серверов
staff-report-runway-unpriced = 🛫 Запас: неизвестен, ещё не известна цена продления { $count ->
        [one] { $count } сервера
       *[other] { $count } серверов
    } (укажите ожидаемую стоимость в Настройках)
staff-report-hosting-unavailable = 🏦 Аккаунт хостинга: { $reason }

## Issue 31: the runway page of the Mini App (staff only; src/webapp/runway.ts, webapp/runway.js)

runway-open-page = 📊 Графики запаса
webapp-runway-title = Запас
webapp-runway-refused = Эта страница — для сотрудников магазина, которые видят серверы.
webapp-runway-balance = Баланс хостинга
webapp-runway-balance-chart = Баланс по мере оплаты продлений серверов
webapp-runway-no-course = Нечего рисовать: нет активных серверов или неизвестна цена продления.
webapp-runway-fixes = Что поможет
webapp-runway-locations = Локации
webapp-runway-servers = Серверы
webapp-runway-no-servers = Серверов нет.
webapp-runway-back = Все серверы
webapp-runway-untracked = Для этого сервера не задан пакет трафика: задайте его в карточке сервера в чате, чтобы увидеть графики.
webapp-runway-no-usage = В этом сроке расход ещё не записан.
webapp-runway-daily = Расход по дням против дневного бюджета
webapp-runway-cumulative = Расход за срок против пакета
webapp-runway-limit = пакет
webapp-runway-average = по среднему за 7 дней
webapp-runway-trend = по тренду
webapp-runway-term-end = конец срока
webapp-runway-runs-out = закончится
webapp-runway-lasts = хватит на срок
webapp-runway-today = сегодня
webapp-runway-budget = Дневной бюджет: { $budget }
webapp-runway-step = { $date }: останется { $amount } после продления { $server }
webapp-runway-step-short = { $date }: { $amount } — не хватит на продление { $server }

## Family seats
invoice-seats-title = Семейные места
delivery-delayed-seats = ⏳ Новые семейные места добавляются дольше обычного: хостинг пока не отвечает. Ваш платёж в сохранности: места добавятся сами, и вы получите сообщение здесь, или деньги вернутся на баланс.
alert-seats-failed = ⚠️ Заказ мест { $order } для подписки { $subscription } не выполнен: { $what }. Клиент { ID($customer) }, тариф { $plan }; { $amount } возвращено на баланс, семья осталась как была. Подробности в логе.
customers-order-kind-seat = семейное место
customers-order-kind-seats = добавление мест
buy-confirm-seats =
    👪 <b>Семейные места</b>
    Тариф: <b>{ $plan }</b>
    Добавить мест: <b>{ $seats }</b>
    Цена до конца срока: <b>{ $price }</b>
    Баланс: { $balance }
seats-buy-button = 👪 { $seats } мест · { $price }
seat-claim-ok = 👪 Вы заняли место в семье { $owner }. Ваш собственный доступ к VPN настраивается: ссылка и QR-код придут сюда через минуту.
seat-claim-yours = 👪 Это место уже ваше: доступ — в /my.
seat-claim-own = 👪 Это приглашение в вашу собственную семью: отправьте его тому, с кем хотите поделиться.
seat-claim-taken = 😔 Это место уже занял кто-то другой. Попросите у владельца семьи другое приглашение.
seat-claim-unknown = 😔 Это приглашение больше ничего не открывает: оно использовано или владелец его заменил.
seat-claimed-owner = 👪 { $name } занял(а) место в вашей семье. Места видны в /my.
seats-button = 👪 Семейные места ({ $taken }/{ $count })
seats-member-line = 👪 Семейное место у { $owner }: продлевает владелец
seats-title = 👪 <b>Семейные места</b> · { $plan } · мест: { $count }
seats-owner-line = 1 · вы (владелец)
seats-free-line = { $n } · свободно · приглашение: { $link }
seats-taken-line = { $n } · { $name } · израсходовано { $used }
seats-free-button = ✖ Освободить место { $n }
seats-add-rule = Ещё одно место стоит { $price } за { $days } дн. до конца срока (до { $max } мест).
seats-add-button = ➕ Добавить место · { $price }
seats-free-ask = Освободить место { $n }? Его участник сразу потеряет доступ к VPN, а у места будет новая ссылка-приглашение.
seats-free-yes = ✖ Да, освободить место { $n }
seats-free-no = « К местам
seats-free-unknown = Этого места больше нет.
seats-free-free = Это место уже свободно.
seats-free-busy = Доступ этого места ещё настраивается: попробуйте через минуту.
seats-free-failed = Хостинг не отвечает: место осталось как было. Попробуйте через минуту.
seats-freed = Место { $n } снова свободно, с новой ссылкой-приглашением.
seats-freed-member = 👪 { $owner } освободил(а) ваше место в семье: этот доступ к VPN закончился.
seats-family-ended = 👪 Магазин удалил семейную подписку, в которой у вас было место: ваш доступ к VPN в ней закончился.
seats-add-refused-unknown-subscription = У этой подписки нет семейных мест.
seats-add-refused-too-many = В семье уже столько мест, сколько позволяет тариф.
seats-add-refused-term-over = Срок закончился: сначала продлите подписку.
seats-add-refused-blocked = Ваш аккаунт заблокирован.
webapp-seats-title = 👪 Семейные места ({ $count })
webapp-seat-free = свободно: отправьте ссылку-приглашение
webapp-seat-taken = { $name } · израсходовано { $used }
webapp-seats-add = ➕ Добавить место · { $price } за { $days } дн.
webapp-seats-free-button = Освободить
webapp-seats-free-confirm = Освободить это место? Его участник сразу потеряет доступ к VPN, а у места будет новая ссылка-приглашение.
webapp-seats-share = Поделиться
webapp-seats-share-text = Место в моей VPN-семье — ваше: откройте ссылку, чтобы занять его.
webapp-seats-summary = +{ $seats } семейн. мест(о) до конца текущего срока
seat-failed = 😔 Не удалось настроить ваше место в семейном тарифе «{ $plan }». Попросите у владельца новую ссылку-приглашение; администраторам сообщено.
## Plan switch with credit (issue 30)
invoice-switch-title = Смена тарифа VPN
delivery-delayed-switch = ⏳ Смена тарифа занимает больше времени, чем обычно: хостинг пока не отвечает. Оплата в сохранности: смена завершится сама и вы получите сообщение здесь, либо деньги вернутся на баланс.
delivery-switched = 🔀 <b>Тариф сменён на { $plan }</b>
switch-failed = 😔 Не удалось сменить тариф подписки на «{ $plan }». { $amount } вернулись на баланс; подписка осталась прежней. Администраторы уведомлены.
switch-failed-back = 😔 Не удалось сменить тариф подписки на «{ $plan }». { $back }. Подписка осталась прежней; администраторы уведомлены.
alert-switch-failed = ⚠️ Смена тарифа { $order } подписки { $subscription } не удалась: { $what }. Клиент { ID($customer) }, тариф { $plan }; { $amount } возвращено на баланс, подписка осталась прежней. Подробности в логе.
wallet-kind-switch = Смена тарифа
wallet-kind-switch-credit = Зачёт при смене тарифа
wallet-kind-fair-refund = Возврат за неиспользованные дни
customers-kind-switch = смена тарифа
customers-kind-switch-credit = зачёт при смене
customers-kind-fair-refund = возврат за неиспользованные дни
customers-order-kind-switch = смена тарифа
my-switch = 🔀 Сменить тариф
switch-choose =
    🔀 <b>Смена тарифа «{ $plan }»</b>
    Остаток текущего срока засчитывается в цену нового тарифа. Выберите тариф, чтобы увидеть расчёт до оплаты.
switch-none = Сейчас нет другого тарифа, на который можно перейти с этой подписки.
switch-plan-button = { $plan } · { $price }
switch-quote-days = Остаток срока: { $days } дн. × { $perDay } в день = <b>{ $credit }</b>
switch-quote-traffic = Остаток срока: { $gb } ГБ из { $total } ГБ (меньше, чем { $days } дн. до конца) = <b>{ $credit }</b>
switch-quote-ahead = Включая { $days } дн., оплаченных вперёд (продления ещё применяются).
switch-quote-sum =
    Новый тариф «{ $plan }»: { $price }
    Зачёт: −{ $credit }
    <b>К оплате: { $toPay }</b>
switch-quote-surplus = Зачёт на { $surplus } больше цены нового тарифа: эта сумма поступит на баланс после смены.
switch-quote-rule = Новый тариф начнётся после смены, на все его { $days } дн.; текущий срок тогда закончится.
buy-confirm-switch =
    🔀 <b>Смена тарифа</b>
    Новый тариф: <b>{ $plan }</b>
    Баланс: { $balance }
switch-confirm-covered = Зачёт покрывает всю цену: с баланса ничего не списывается.
switch-get = 🔀 Сменить сейчас
buy-paid-switch = ✅ Оплачено { $price } с баланса (остаток { $balance }). Меняем тариф, это займёт несколько секунд…
switch-cancelled = Смена тарифа отменена. Ничего не списано; подписка осталась прежней.
switch-not-offered = С этой подписки нельзя (больше) перейти на этот тариф. Откройте подписку снова, чтобы увидеть доступные.
switch-refused-removed = Эта подписка удалена администраторами магазина, сменить её тариф нельзя.
switch-refused-frozen = Эта подписка заморожена, поэтому сменить её тариф сейчас нельзя; деньги не списаны. Сначала разморозьте её в /my.
switch-refused-disabled = Эта подписка заблокирована администраторами магазина, сменить тариф сейчас нельзя, ничего не списано. Обратитесь в поддержку.
switch-usage-unknown = Сейчас не удаётся прочитать расход трафика подписки, поэтому зачёт не рассчитать. Попробуйте через несколько минут.
switch-promo-not-applicable = Промокоды действуют на тарифы и продления, но не на смену тарифа: цена заказа не меняется.
webapp-switch-not-offered = С этой подписки больше нельзя перейти на этот тариф.
fair-refund-button = 💸 Вернуть неиспользованное
fair-refund-title = 💸 <b>Возврат неиспользованной части «{ $plan }»</b>
fair-refund-days = Остаток срока: { $days } дн. × { $perDay } в день = <b>{ $credit }</b>
fair-refund-traffic = Остаток срока: { $gb } ГБ из { $total } ГБ (меньше, чем { $days } дн. до конца) = <b>{ $credit }</b>
fair-refund-ahead = Включая { $days } дн., оплаченных вперёд (продления ещё применяются).
fair-refund-amount = Возврат: <b>{ $amount }</b>
fair-refund-to-stars = Вернётся звёздами: срок оплачен одним платежом Stars, он возвращается целиком.
fair-refund-why-not-stars = Поступит на баланс клиента: срок не оплачен одним платежом Telegram Stars.
fair-refund-why-partial = Поступит на баланс клиента: Telegram возвращает только платежи целиком, а часть срока использована.
fair-refund-why-shared = Поступит на баланс клиента: Telegram возвращает только платежи целиком, а срок частично оплачен с баланса.
fair-refund-ends = Подписка закончится сразу: её срок станет «сейчас».
fair-refund-confirm = ✅ Вернуть { $amount } и завершить
fair-refund-done = ✅ { $amount } возвращено на баланс клиента; подписка завершена.
fair-refund-done-stars = ✅ { $amount } возвращено звёздами; подписка завершена.
fair-refund-stars-failed = ⚠️ { $amount } поступило на баланс клиента, но вернуть звёзды не удалось ({ $status }); подписка завершена.
fair-refund-already = Этот срок уже возвращён: больше ничего не выплачено.
fair-refund-nothing = От этого срока нечего возвращать.
fair-refund-refused = Сейчас эту подписку нельзя вернуть (не читается трафик или ещё применяется её изменение). Попробуйте позже.
webapp-switch-title = Сменить тариф (остаток срока засчитывается)
webapp-confirm-switch = Смена тарифа
webapp-switch-done = ✅ Готово: подписка на новом тарифе, ссылки остались прежними.
webapp-seats-added = ✅ Готово: места добавлены, отправьте их ссылки-приглашения.
## Freeze and traffic rollover (issue 30)
my-renew-frozen = Эта подписка заморожена, поэтому продлить её сейчас нельзя; деньги не списаны. Сначала разморозьте её в /my.
pack-refused-frozen = Эта подписка заморожена, поэтому добавить трафик сейчас нельзя; деньги не списаны. Сначала разморозьте её в /my.
freeze-button = ❄️ Заморозить
unfreeze-button = ▶️ Разморозить сейчас
freeze-pick = ❄️ Заморозьте подписку, пока вас нет. Во время заморозки подключение выключено; оставшиеся дни сохраняются и возвращаются, когда она закончится.
    Выберите срок ({ $min }–{ $max } дн.). Осталось заморозок на ближайшие 365 дней: { $left } из { $times }.
freeze-days-button = { $days } дн.
freeze-confirm = ❄️ Заморозить на { $days } дн.?
    Заморожена до: { $until }
    Сохраняется дней: { $bank }
    Новая дата окончания: { $end }
freeze-confirm-button = ✅ Заморозить
freeze-done = ❄️ Заморожена до { $until }. Сохранено дней: { $bank }; теперь подписка заканчивается { $end }. Разморозить раньше можно в /my.
freeze-queued = ❄️ Заморозка ждёт, пока закончится другое изменение этой подписки; она начнётся через минуту.
freeze-already = ❄️ Эта подписка уже заморожена (или заморозка уже в пути).
freeze-failed = Заморозить не получилось, ничего не изменилось. Попробуйте позже.
freeze-refused-limit = У этой подписки уже было { $limit } заморозок за последние 365 дней.
freeze-refused-nothing-left = От подписки осталось меньше дня: замораживать нечего.
freeze-refused-days = Заморозка длится от { $min } до { $max } дн.
freeze-refused-other = Эту подписку нельзя заморозить.
freeze-state = ❄️ Заморожена до { $until } · сохранено дней: { $bank } · закончится { $end }
freeze-state-asked = ❄️ Заморозка на { $days } дн. начинается.
unfreeze-done = ▶️ Разморожена: подключение снова работает, подписка заканчивается { $end }.
unfreeze-too-soon = Заморозку можно закончить после её первого дня.
unfreeze-not-frozen = Эта подписка не заморожена.
unfreeze-retrying = ▶️ Сервер отвечает медленно: подписка будет разморожена в течение нескольких минут.
unfreeze-busy = ▶️ Подписка размораживается прямо сейчас: откройте её снова через мгновение.
order-applies-after-freeze = ❄️ Эта подписка заморожена: оплаченное применится, когда закончится заморозка ({ $date }), или раньше, если вы её разморозите.
rollover-carried = +{ $gb } ГБ перенесено
my-status-frozen = ❄️ заморожена

## Issue 31: runway (how long the servers' traffic packages, terms and the hosting balance last)
runway-section = 📉 Запас
runway-title = 📉 <b>Запас</b> · { $at }
    Оповещения и советы смотрят на { $window } дн. вперёд.
runway-balance = Баланс хостинга: { $balance }, { $runway }
runway-balance-days = хватит на { $days } дн. (до { $date })
runway-balance-beyond = хватит больше чем на { $days } дн.
runway-balance-unpriced = не определить: серверов без известной цены продления: { $servers } (задайте её в Настройках)
runway-balance-no-servers = нет активных серверов
runway-locations = <b>Локации</b>
runway-location-line = { $emoji } { $name } (серверов: { $servers }): { $when }
runway-servers = <b>Серверы</b>
runway-server-line = { $emoji } <b>{ $name }</b> · { $location }: { $when }
runway-no-location = без локации
runway-empty = Серверов нет.
runway-more = …и ещё { $count }
runway-never = конца не видно
runway-days = { $days } дн.
runway-fix-top-up = ➜ пополните баланс хостинга на { $amount }
runway-fix-extend = ➜ продлите сервер { $name }
runway-fix-move = ➜ перенесите клиентов с { $name }: { $customers }
runway-card-title = <b>Запас</b>
runway-traffic-untracked = Пакет трафика: не задан (не отслеживается)
runway-traffic = Трафик: { $used } из { $limit } за этот срок
runway-at-average = По среднему за 7 дней ({ $rate } в день): { $when }
runway-at-trend = По тренду ({ $rate } в день): { $when }
runway-chart = Последние 14 дней против дневного бюджета ({ $budget } в день = { $mark }):
runway-term = Срок: осталось { $days } дн.
runway-term-covered = Срок: осталось { $days } дн.; автопродление включено, баланса хватает
runway-term-auto-short = Срок: осталось { $days } дн.; автопродление включено, но баланса не хватит
runway-set-package = 📦 Пакет трафика
runway-ask-package = Отправьте пакет трафика этого сервера в ГБ (он обновляется с каждым оплаченным сроком) или 0, чтобы не отслеживать.
runway-package-invalid = Отправьте число ГБ от 0 до { $max }.
runway-package-set = 📦 Пакет трафика задан: { $gb } ГБ.
runway-package-cleared = 📦 Пакет трафика снят: трафик сервера не отслеживается.
runway-alert-traffic = 📉 Сервер <b>{ $name }</b> (#{ ID($id) }): пакет трафика закончится через { $days } дн. (израсходовано { $used } из { $limit } за срок).
runway-alert-term = 📉 Сервер <b>{ $name }</b> (#{ ID($id) }): оплаченный срок кончается через { $days } дн., и сейчас он не будет продлён (автопродление выключено или баланса не хватит).
runway-alert-balance = 📉 Баланса хостинга ({ $balance }) хватит на продления серверов ещё на { $days } дн.
runway-alert-fixes = Что поможет:
runway-alert-sale-short = 📉 Продажа тарифа { $plan } ушла на сервер <b>{ $name }</b> (#{ ID($id) }): ни у одного сервера тарифа нет трафика на его { $days } дн.; у этого запас самый большой.
runway-settings-line = Оповещения о запасе: за { $days } дн. до конца
runway-settings-edit = 📉 Оповещения о запасе
runway-settings-ask = Отправьте, за сколько дней до конца запаса оповещать персонал, через запятую (не больше { $count } чисел, каждое от 1 до { $max }), например 14,7,3,1; или - для значения по умолчанию.
runway-settings-invalid = Отправьте до { $count } целых чисел от 1 до { $max } через запятую, например 14,7,3,1.
## Bulk move (issue 31): customers moved off a server or a panel location in one action
move-btn-start = 🚚 Перенести клиентов
move-btn-start-panel = 🚚 Перенести клиентов с локации
move-end-server = сервер { $name }
move-end-location = локация { $name }
move-sources-title = 🚚 <b>Массовый перенос</b>: с какой локации панели?
move-targets-title = 🚚 <b>Массовый перенос</b> с { $from }: куда?
move-targets-empty = 🚚 Нет другого активного сервера или локации, куда перенести клиентов с { $from }.
move-who = 🚚 <b>Массовый перенос</b>: { $from } → { $to }
    Клиентов там: { $count }. Перенести всех или выбрать?
move-none = 🚚 На { $from } нет клиентов магазина.
move-btn-all = 👥 Всех ({ $count })
move-btn-choose = ☑️ Выбрать клиентов
move-pick-title = 🚚 Выберите, кого перенести: { $from } → { $to } (страница { $page } из { $pages }). Выбрано: { $picked }.
move-btn-preview-picked = 👀 Предпросмотр (выбрано { $count })
move-btn-back = ⬅️ Назад
move-preview-title = 🚚 <b>Массовый перенос</b>: { $from } → { $to }
move-preview-moving = Будет перенесено: { $count }
move-preview-names = Среди них: { $names }
move-preview-nothing = Переносить некого.
move-preview-skipped = Останутся на месте ({ $count }):
move-preview-skip-line = • { $why }: { $count }
move-preview-clients = Клиентов на цели: { $now } → { $after }
move-preview-clients-unknown = Клиентов на цели: сейчас неизвестно
move-preview-runway = Запас цели после переноса: { $days } дн. (перенос встанет на паузу ниже { $floor })
move-preview-runway-unknown = Запас цели: неизвестен (пауза по нему не сработает)
move-preview-runway-low = ⚠️ Это ниже порога: перенос сразу встанет на паузу и попросит продолжить.
move-btn-confirm = ✅ Перенести { $count }
move-progress-running = 🚚 <b>Перенос клиентов</b>: { $from } → { $to }: { $done } из { $total }
    ✅ Перенесено: { $moved } · ⏭ Пропущено: { $skipped } · ⚠️ Ошибки: { $failed }
move-progress-paused = ⏸ <b>Перенос на паузе</b> ({ $from } → { $to }): { $done } из { $total }
    ✅ Перенесено: { $moved } · ⏭ Пропущено: { $skipped } · ⚠️ Ошибки: { $failed }
move-progress-paused-runway = ⏸ <b>Перенос на паузе</b> ({ $from } → { $to }): запас цели упадёт до { $days } дн., ниже { $floor }. Нажмите «Продолжить», чтобы переносить дальше.
    { $done } из { $total } · ✅ Перенесено: { $moved } · ⏭ Пропущено: { $skipped } · ⚠️ Ошибки: { $failed }
move-progress-cancelling = ✖️ <b>Перенос отменяется</b> ({ $from } → { $to }): начатые клиенты доводятся до конца. { $done } из { $total }
move-progress-cancelled = ✖️ <b>Перенос отменён</b> ({ $from } → { $to })
    ✅ Перенесено: { $moved } · ⏭ Не перенесено: { $skipped } · ⚠️ Ошибки: { $failed } (из { $total })
move-progress-done = ✅ <b>Перенос завершён</b> ({ $from } → { $to })
    ✅ Перенесено: { $moved } · ⏭ Пропущено: { $skipped } · ⚠️ Ошибки: { $failed } (из { $total })
move-btn-pause = ⏸ Пауза
move-btn-resume = ▶️ Продолжить
move-btn-cancel = ✖️ Отменить
move-btn-report = 📋 Отчёт
move-report-not-moved = Не перенесены:
move-report-line = • { $name }: { $why }
move-report-failed = ошибка ({ $error })
move-report-more = …и ещё { $count }
move-report-old-left = Старые клиенты остались (их сервер не ответил): { $count }
move-unchanged = Менять нечего: перенос уже не в этом состоянии.
move-not-found = Этот перенос или место больше неизвестны.
move-skip-gone = подписки больше нет
move-skip-not-on-source = уже не там
move-skip-expired = истекла
move-skip-frozen = заморожена
move-skip-pending-order = идёт продление, пакет, смена тарифа или изменение срока
move-skip-busy = другое изменение её срока пришло раньше
move-skip-disabled = её клиент отключён
move-skip-already-there = уже на цели
move-skip-no-inbounds = ни один тариф не называет инбаунды целевой локации
move-skip-no-main = основная панель отдаёт общую ссылку: с неё клиентов не переносят
move-skip-target-term = она длится дольше оплаченного срока цели
move-skip-cancelled = перенос отменён
move-customer-server = 🚚 Ваш VPN ({ $plan }) перенесён на другой сервер. Используйте новую ссылку ниже: старая перестанет работать.
move-customer-location = 🚚 Ваш VPN ({ $plan }) перенесён на локацию { $location }. Ссылка подписки прежняя: приложение подхватит изменение при обновлении подписки.
move-settings-line = Массовый перенос встаёт на паузу, когда запас цели упадёт ниже: { $days } дн.
move-settings-edit = 🚚 Изменить порог паузы переноса
move-settings-ask = 🚚 Массовый перенос клиентов встаёт на паузу, когда целевой сервер продержится меньше этого числа дней. Отправьте целое число дней от { $min } до { $max }.
move-settings-invalid = Отправьте целое число дней от { $min } до { $max }.
