## Commands (shown in Telegram's command menu)

command-start = Головне меню
command-buy = Купити VPN
command-my = Мої підписки
command-wallet = Гаманець і поповнення
command-trial = Безкоштовний пробний період
command-language = Змінити мову
command-help = Допомога
command-status = Стан сервісу
command-admin = Меню адміністратора
command-login = Підключити акаунт хостингу
command-servers = Сервери хостингу
command-cancel = Скасувати поточний крок

## Start and help

start-greeting =
    Вітаємо, { $name }! 👋
    Тут можна купити швидкий VPN, оплатити його просто в Telegram і за лічені секунди отримати посилання для підключення.

    Оберіть, що вам потрібно:
start-greeting-admin = Ви адміністратор цього магазину: /admin відкриває меню адміністратора.
menu-buy = 🛒 Купити VPN
menu-my = 🔑 Мої підписки
menu-wallet = 💰 Гаманець
menu-trial = 🎁 Пробний період
menu-language = 🌐 Мова
menu-help = ❓ Допомога
menu-invite = 🤝 Запросити друзів
menu-back = « Назад
menu-close = ✖ Закрити
menu-refresh = 🔄 Оновити
menu-main = « Головне меню

help-text =
    <b>Як це працює</b>
    1. /buy: оберіть тариф і оплатіть через Telegram.
    2. Ви отримаєте посилання для підключення, посилання на підписку і QR-код.
    3. Імпортуйте його у VPN-застосунок (інструкції надійдуть разом із посиланням).

    <b>Команди</b>
    /start: головне меню
    /buy: купити тариф
    /my: ваші підписки, трафік і продовження
    /wallet: баланс, поповнення та історія
    /trial: безкоштовний пробний період
    /promo: ввести промокод для наступної покупки
    /language: змінити мову
    /cancel: скасувати поточний крок
help-admin =
    <b>Адміністратор</b>
    /admin: меню адміністратора
    /login: підключити акаунт хостингу
    /servers: сервери хостингу
help-support = Підтримка: { $contact }

## Language

language-choose = Оберіть мову:
language-changed = Мову змінено на українську.

## Errors

error-generic = Вибачте, у нас щось пішло не так. Спробуйте ще раз трохи згодом.
error-unknown-command = Я не знаю такої команди. /help покаже, що я вмію.
rate-limited = Забагато запитів поспіль. Зачекайте кілька секунд і спробуйте знову.
error-blocked = Ваш доступ до цього магазину заблоковано. Якщо це помилка, напишіть у підтримку.
error-blocked-support = Ваш доступ до цього магазину заблоковано. Якщо це помилка, напишіть у підтримку ({ $contact }).
error-not-admin = Ця дія доступна лише адміністраторам магазину.
error-menu-outdated = Це меню застаріло, ось актуальне.
cancelled = Скасовано.
nothing-to-cancel = Немає чого скасовувати.
free-text-hint = Я відповідаю на кнопки та команди: ось меню. Докладніше — у /help.

## Conversations

conv-cancel = ✖ Скасувати
conv-send-text = Надішліть відповідь текстовим повідомленням або натисніть «Скасувати».
secret-late-deleted = Я видалив ваше повідомлення: воно надійшло, коли запитання вже було закрите, і в ньому може бути пароль чи ключ. За потреби почніть знову (наприклад, /login).

## Hosting errors

hosting-error-unauthorized = 🔑 API-ключ хостингу відкликано або він недійсний. Підключіть акаунт хостингу знову.
hosting-error-lte = Для цієї дії потрібен придбаний для сервера LTE-доступ. Придбайте його у вебкабінеті й спробуйте знову.
hosting-error-forbidden = Акаунт хостингу не відповідає вимогам: прив'яжіть e-mail і нікнейм у вебкабінеті й спробуйте знову.
hosting-error-not-found = Не знайдено: можливо, це видалено або воно належить іншому акаунту.
hosting-error-conflict = Конфлікт: { $detail }
hosting-error-unavailable = ⏳ Хостинг тимчасово недоступний. Спробуйте ще раз за хвилину.
hosting-error-bad-request = Хостинг відхилив запит: { $detail }
hosting-error-status = Хостинг відповів помилкою ({ $status }): { $detail }
hosting-error-unreachable = ⏳ Хостинг не відповів. Спробуйте ще раз за хвилину.
hosting-error-unexpected = Хостинг надіслав незрозумілу відповідь. Спробуйте пізніше.
hosting-error-input = Неможливо надіслати: { $problem }

## Admin

admin-title = 🛠 <b>Меню адміністратора</b>
admin-account = 🏦 Акаунт хостингу
admin-servers = 🖥 Сервери
admin-home = « Меню адміністратора
admin-refused = Ця дія доступна лише адміністраторам магазину.
admin-private-only = Функції адміністратора працюють лише в особистому чаті з ботом.

## Hosting account

account-not-linked =
    🏦 <b>Акаунт хостингу</b>
    Акаунт хостингу ще не підключено. Підключіть його логіном і паролем від вебкабінету або вставте API-ключ, створений у кабінеті.
account-env-key = API-ключ задано налаштуванням ACCOUNT_API_KEY ({ $prefix }); приберіть його, щоб підключати акаунт у чаті.
account-card =
    🏦 <b>Акаунт хостингу</b>
    Користувач: { $username }
    Telegram id: <code>{ ID($tgid) }</code>
    Баланс: <b>{ $balance }</b> { $currency }
    Серверів: { $servers }
    API-ключ: <code>{ $prefix }</code> ({ $source })
account-source-env = з налаштувань
account-source-linked = підключено в чаті
account-link = 🔗 Підключити логіном і паролем
account-paste-key = 🔑 Вставити API-ключ
account-unlink = Відключити
account-relink = 🔗 Підключити знову
account-unlink-confirm = Відключити акаунт хостингу? Бот перестане керувати серверами, доки акаунт не підключать знову.
account-unlink-yes = Так, відключити
account-unlinked = Акаунт хостингу відключено.
account-ask-login = Надішліть <b>логін або e-mail</b> акаунта хостингу (вебкабінету).
account-ask-password = Тепер надішліть <b>пароль</b>. Повідомлення буде видалено одразу після прочитання, а пароль ніде не зберігається.
account-ask-code = В акаунті ввімкнено двофакторну автентифікацію. Надішліть <b>6-значний код</b> із застосунку-автентифікатора.
account-code-format = Код складається з 6 цифр, наприклад 123456.
account-code-wrong = Код не підійшов. Надішліть поточний 6-значний код ще раз.
account-wrong-credentials = Неправильний логін або пароль. Почнімо спочатку.
account-too-many-tries = Забагато невдалих спроб. Спробуйте /login пізніше.
account-needs-cabinet-key = В акаунті двофакторна автентифікація через e-mail або месенджер, а її API не підтримує. Створіть API-ключ у вебкабінеті та вставте його сюди.
account-key-limit = В акаунті вже 20 активних API-ключів. Відкличте один у вебкабінеті й спробуйте знову.
account-linked = ✅ Акаунт хостингу підключено. API-ключ: <code>{ $prefix }</code>
account-ask-key = Вставте <b>API-ключ</b>, створений у вебкабінеті. Повідомлення буде видалено одразу після прочитання.
account-key-format = Це не схоже на API-ключ (він починається з префікса та підкреслення).
account-key-invalid = Хостинг не прийняв цей ключ (недійсний або відкликаний). Перевірте його й спробуйте знову.

## Servers

servers-title = 🖥 <b>Сервери</b> ({ $count })
servers-page = Сторінка { $page } з { $pages }
servers-empty = В акаунті хостингу поки немає серверів.
servers-item = { $emoji } <b>{ $name }</b>: { $status } · { $kind } · { $days }
servers-days-left = { $days ->
    [one] залишився { $days } день
    [few] залишилося { $days } дні
    [many] залишилося { $days } днів
   *[other] залишилося { $days } дня
}
servers-status-active = активний
servers-status-expired = термін минув
servers-status-suspended = призупинений
servers-kind-xui = xui
servers-kind-remnanode = remnanode
servers-kind-other = інший
servers-prev = ‹ Назад
servers-next = Далі ›
servers-back-list = « Сервери
servers-back-card = « До сервера
servers-card =
    🖥 <b>{ $name }</b> (#{ ID($id) })
    Статус: { $emoji } { $status }
    Тип: { $kind }
    Тариф: { $tariff }
    Діє до: { $expires } ({ $days })
    CPU: { $cpu } { $cores ->
        [one] ядро
        [few] ядра
        [many] ядер
       *[other] ядра
    } · Пам'ять: { $memory } МБ · Диск: { $disk } ГБ
    Прапорці: { $flags }
servers-flag-bypass = обхід
servers-flag-xui = xui
servers-flag-remnanode = remnanode
servers-live =
    <b>Зараз</b>
    Стан: { $state }
    Навантаження CPU: { $cpu }% · RAM: { $ram }%
    Аптайм: { $uptime }
servers-stats-unavailable = <b>Зараз</b>: статистика недоступна ({ $reason })
servers-state-running = 🟢 працює
servers-state-offline = 🔴 вимкнений
servers-state-unknown = невідомо
servers-start = ▶️ Запустити
servers-stop = ⏹ Зупинити
servers-restart = 🔁 Перезапустити
servers-extend = 📅 Продовжити на 30 днів
servers-core = ⚙️ Версія ядра
servers-config = 📄 Конфіг
servers-regen = ♻️ Перевипустити
servers-users = 👥 Користувачі
servers-inbounds = 📥 Інбаунди
servers-no = ✖ Ні
servers-already-done = Це вже зроблено.
servers-confirm-expired = Час на підтвердження минув. Відкрийте дію знову з картки сервера.
servers-power-confirm-start = ▶️ Запустити сервер «{ $name }»?
servers-power-confirm-stop = ⏹ Зупинити сервер «{ $name }»? Його користувачі втратять з'єднання, доки сервер не запустять знову.
servers-power-confirm-restart = 🔁 Перезапустити сервер «{ $name }»? Його користувачі ненадовго від'єднаються.
servers-power-done-start = ✅ Запуск виконано.
servers-power-done-stop = ✅ Зупинку виконано.
servers-power-done-restart = ✅ Перезапуск виконано.
servers-power-state = Поточний стан: { $state }.
servers-extend-confirm =
    📅 <b>Продовжити сервер «{ $name }» на 30 днів?</b>
    Зараз діє до: { $expires } ({ $days })
    { $price }
    Баланс акаунта: { $balance }
    Продовження оплачується з балансу акаунта.
servers-extend-price-learned = Ціна: { $price } (стільки коштувало останнє продовження)
servers-extend-price-hint = Ціна: приблизно { $price } (указано в налаштуваннях)
servers-extend-price-unknown = Ціна: невідома до першого продовження
servers-extend-yes = ✅ Так, продовжити
servers-extend-done =
    ✅ Сервер «{ $name }» продовжено на 30 днів.
    Нова дата завершення: { $expires } ({ $days })
    Баланс акаунта: { $balance }
servers-extend-no-balance = ❌ Недостатньо коштів для продовження; нічого не списано. Поповніть баланс у вебкабінеті й спробуйте знову.
servers-extend-unknown = ⚠️ Хостинг не дав чіткої відповіді, тому результат невідомий: сервер міг бути продовжений, а міг і ні. Перш ніж пробувати знову, перевірте дату завершення в картці сервера.
servers-balance-unknown = невідомий
servers-extend-checked = ℹ️ Хостинг не дав чіткої відповіді, тому я перевірив сервер: продовження пройшло (списано один раз).
servers-extend-already = ✅ Сервер «{ $name }» уже продовжено для цієї дати завершення: тепер { $expires } ({ $days }). За це натискання нічого не списано.
servers-extend-changed = ℹ️ Дата завершення сервера «{ $name }» змінилася після цього підтвердження: тепер { $expires } ({ $days }). Нічого не списано; якщо продовження все ще потрібне, відкрийте його знову.
servers-extend-busy = ⏳ Цей сервер саме зараз продовжується (іншим натисканням або автопродовженням). За це натискання нічого не списано; за хвилину результат з'явиться в картці сервера.
servers-extend-blocked = ⏳ Попереднє продовження цього сервера не отримало чіткої відповіді й ще може пройти, тому нове заблоковано до { $time }. За це натискання нічого не списано.
servers-extend-not-charged = ⚠️ Хостинг не дав чіткої відповіді ({ $reason }), тому я перевірив сервер: його не продовжено, нічого не списано. Можна спробувати знову.
servers-extend-retry = 🔁 Спробувати знову
servers-extend-retry-blocked = Запит ще може пройти, тому нове продовження цього сервера заблоковано до { $time }; перед ним бот спершу перевірить дату завершення.
servers-extend-retry-checks = Нове продовження цього сервера спершу перевірить дату завершення, тож двічі списати не вийде.
servers-config-xui =
    📄 <b>Панель сервера #{ ID($id) }</b>
    Панель: { $url }
    Користувач: <code>{ $username }</code>
    Пароль: <tg-spoiler>{ $password }</tg-spoiler>
    Вебшлях: <code>{ $webPath }</code>
    Адреса ноди: <code>{ $node }</code>
servers-config-caption = 📄 Профіль конфігурації сервера #{ ID($id) }. Завантажте його у свою панель керування.
servers-regen-warning-xui =
    ⚠️ <b>Перевипустити конфіг «{ $name }»?</b>
    Буде створено новий інбаунд, і всі користувачі (клієнти) поточного інбаунда <b>перестануть працювати</b>: їм знадобляться нові посилання. Це не можна скасувати.
servers-regen-warning-remnanode =
    ⚠️ <b>Перевипустити конфіг «{ $name }»?</b>
    Буде створено нові reality-ключі та новий профіль, а <b>старі ключі стануть недійсними</b>: підключення на поточному профілі не працюватимуть, доки ваша панель не завантажить новий. Це не можна скасувати.
servers-regen-warning-other =
    ⚠️ <b>Перевипустити конфіг «{ $name }»?</b>
    Поточний конфіг <b>перестане працювати</b>. Це не можна скасувати.
servers-regen-yes = ⚠️ Так, перевипустити
servers-regen-done-xui = ✅ Конфіг перевипущено: створено новий інбаунд (id { $inbound }). Користувачі старого інбаунда більше не працюють; створіть їх знову.
servers-regen-done-xui-noid = ✅ Конфіг перевипущено: створено новий інбаунд. Користувачі старого інбаунда більше не працюють; створіть їх знову.
servers-regen-done-remnanode = ✅ Конфіг перевипущено з новими reality-ключами. Новий профіль надійде наступним повідомленням як JSON-документ.
servers-regen-caption = 📄 Новий профіль конфігурації сервера #{ ID($id) }. Завантажте його у свою панель; старі ключі більше недійсні.
servers-core-title =
    ⚙️ <b>Версія проксі-ядра «{ $name }»</b>
    Зараз установлено: { $current }
    Оберіть версію для встановлення. Сервер має бути запущений.
servers-core-default = { $version } (за замовчуванням)
servers-core-current-unknown = невідомо (цей бот її ще не встановлював)
servers-core-confirm =
    ⚙️ <b>Установити проксі-ядро версії { $version } на «{ $name }»?</b>
    Зараз установлено: { $current }
    Зміна: { $from } → { $version }
    Сервер має бути запущений.
servers-core-yes = ✅ Так, установити { $version }
servers-core-done = ✅ На сервері #{ ID($id) } тепер проксі-ядро версії { $version }.
servers-core-not-running = Сервер не запущений; запустіть його, зачекайте близько 30 секунд і спробуйте знову.
servers-core-no-pin = На цьому сервері немає блоку core-pin; версію змінити не можна.
servers-core-files = Не вдалося прочитати або записати файли сервера; спробуйте пізніше або зверніться до підтримки хостингу.

## xui users

xui-list-title = 👥 <b>Користувачі xui сервера #{ ID($id) }</b>
xui-list-summary = Інбаунд { $inbound } · { $count ->
    [one] { $count } користувач
    [few] { $count } користувачі
    [many] { $count } користувачів
   *[other] { $count } користувача
} · сторінка { $page } з { $pages }
xui-list-empty = Користувачів поки немає. Натисніть «Створити користувача», щоб додати першого.
xui-list-line = { $mark }<b>{ $name }</b> — { $usage } · { $expiry }
xui-used-of = { $used } / { $limit }
xui-unlimited = безліміт
xui-no-expiry = безстроково
xui-until = до { $date }
xui-page-prev = ‹ Назад
xui-page-next = Далі ›
xui-create = ➕ Створити користувача
xui-inbounds = 📡 Інбаунди
xui-users = 👥 Користувачі
xui-back-server = « До сервера
xui-back-list = « До користувачів
xui-only-xui = Керувати користувачами тут можна лише на серверах типу xui. На сервер remnanode користувачів додають із вашої власної панелі керування.
xui-status-active = ✅ активний
xui-status-disabled = 🚫 вимкнений (заблокований)
xui-status-expired = ⌛ термін минув
xui-status-depleted = 📉 ліміт трафіку вичерпано
xui-card-title = 👤 <b>{ $name }</b> · сервер #{ ID($id) }
xui-card-status = Статус: { $status }
xui-card-limit = Ліміт трафіку: { $limit }
xui-card-used = Використано: { $used } (↑ { $up } · ↓ { $down })
xui-card-expiry = Діє до: { $date }
xui-card-expiry-left = Діє до: { $date } ({ $days ->
    [one] залишився { $days } день
    [few] залишилося { $days } дні
    [many] залишилося { $days } днів
   *[other] залишилося { $days } дня
})
xui-card-no-expiry = Діє: безстроково
xui-card-uuid = UUID: <code>{ $uuid }</code>
xui-btn-limit = 📦 Змінити ліміт
xui-btn-term = 📅 Задати термін
xui-btn-ban = 🚫 Заблокувати
xui-btn-unban = ✅ Розблокувати
xui-btn-delete = 🗑 Видалити
xui-banned = 🚫 <b>{ $name }</b> заблоковано: користувача збережено, але він не зможе підключитися, доки його не розблокують.
xui-unbanned = ✅ <b>{ $name }</b> розблоковано, він знову може підключатися.
xui-delete-confirm =
    🗑 <b>Видалити користувача { $name }?</b>
    Його VLESS-посилання та підписка одразу перестануть працювати. Це не можна скасувати.
xui-delete-yes = 🗑 Так, видалити
xui-deleted = 🗑 Користувача <b>{ $name }</b> видалено.
owners-warning = ⚠️ { $count ->
        [one] На ньому { $count } покупець:
        [few] На ньому { $count } покупці:
        [many] На ньому { $count } покупців:
       *[other] На ньому { $count } покупця:
    }
owners-line = • { $who } · { $plan }, до { $until }
owners-delete-note = Їхні підписки в магазині буде позначено як видалені: це видно в /my, а нагадування припиняться.
owners-rename-note = Їхні підписки в магазині перейдуть на нове ім'я.
owners-regen-note = Їхні посилання перестануть працювати; потрібен новий доступ, а сам він поки що повторно не видається.
owners-removed = 🔗 Позначено в магазині як видалені: { $who }.
owners-renamed = 🔗 Магазин тепер знає нове ім'я для: { $who }.
owners-not-followed = ⚠️ Не вдалося оновити записи магазину про покупців на цьому клієнті; перевірте їхні підписки.
owners-term = 🔗 Термін дії та нагадування в магазині тепер відповідають новому терміну для: { $who }.
owners-regen-done = ⚠️ { $count ->
        [one] На цьому сервері була { $count } підписка магазину; її посилання перестали працювати:
        [few] На цьому сервері було { $count } підписки магазину; їхні посилання перестали працювати:
        [many] На цьому сервері було { $count } підписок магазину; їхні посилання перестали працювати:
       *[other] На цьому сервері було { $count } підписки магазину; їхні посилання перестали працювати:
    }
xui-delete-already = Це видалення вже виконано (кнопку натиснули кілька разів).
xui-delete-expired = Час на підтвердження минув. Відкрийте користувача знову, щоб видалити його.
xui-ask-name =
    ➕ <b>Новий користувач на сервері #{ ID($id) }</b>
    Надішліть <b>ім'я</b>: від 1 до 32 символів, латинські літери, цифри та _ . @ - (без пробілів).
    Надішліть <code>-</code>, щоб хостинг сам згенерував ім'я.
xui-name-invalid = Ім'я має містити від 1 до 32 символів: латинські літери, цифри та _ . @ - (без пробілів), або <code>-</code>, щоб ім'я згенерував хостинг.
xui-ask-gb = Ліміт трафіку в <b>ГБ</b>, наприклад 50 або 2,5. Надішліть <code>0</code> для безліміту.
xui-gb-invalid = Надішліть кількість ГБ, 0 або більше (0 = безліміт), наприклад 50 або 2,5.
xui-ask-days = Термін у <b>днях, рахуючи від сьогодні</b>, наприклад 30. Надішліть <code>0</code>, щоб термін був безстроковим.
xui-days-invalid = Надішліть ціле число днів, 0 або більше (0 = безстроково), наприклад 30.
xui-created = ✅ Користувача <b>{ $name }</b> створено на сервері #{ ID($id) }.
xui-created-renamed = ⚠️ Ім'я <b>{ $wanted }</b> уже було зайняте, тому хостинг назвав користувача <b>{ $name }</b>. Надалі використовуйте це ім'я.
xui-created-generated = Хостинг згенерував ім'я <b>{ $name }</b>.
xui-created-terms = Ліміт: { $limit } · Термін: { $term }
xui-term-days = { $days ->
    [one] { $days } день
    [few] { $days } дні
    [many] { $days } днів
   *[other] { $days } дня
} від сьогодні
xui-created-link = 🔗 <b>VLESS-посилання</b> (натисніть, щоб скопіювати):
xui-created-subs = 📥 <b>Посилання на підписку</b>:
xui-created-no-subs = (хостинг не повернув посилань на підписку)
xui-qr-caption = QR-код VLESS-посилання користувача { $name }
xui-open-card = 👤 Відкрити користувача
xui-ask-limit = 📦 Надішліть новий ліміт трафіку користувача <b>{ $name }</b> у <b>ГБ</b>, наприклад 50 або 2,5 (0 = безліміт). Уже використаний трафік не обнуляється.
xui-limit-set = ✅ Ліміт трафіку користувача <b>{ $name }</b> тепер { $limit }.
xui-ask-term = 📅 Задайте новий термін для <b>{ $name }</b>: надішліть N — кількість днів, рахуючи від сьогодні (0 = безстроково). Новий термін замінює поточний, а не додається до нього.
xui-term-set = ✅ Новий термін <b>{ $name }</b>: { $days ->
    [one] { $days } день
    [few] { $days } дні
    [many] { $days } днів
   *[other] { $days } дня
} від сьогодні, до { $date }.
xui-term-set-days = ✅ Новий термін <b>{ $name }</b>: { $days ->
    [one] { $days } день
    [few] { $days } дні
    [many] { $days } днів
   *[other] { $days } дня
} від сьогодні.
xui-term-set-none = ✅ <b>{ $name }</b> тепер діє безстроково.
xui-inbounds-title = 📡 <b>Інбаунди сервера #{ ID($id) }</b>
xui-inbounds-empty = У панелі немає інбаундів.
xui-inbound-line =
    <b>#{ ID($id) }</b> { $remark }
    { $protocol } · { $network } · порт { $port } · шлях { $path } · { $clients }
xui-inbound-clients = { $count ->
    [one] { $count } користувач
    [few] { $count } користувачі
    [many] { $count } користувачів
   *[other] { $count } користувача
}
xui-inbound-clients-unknown = користувачів: ?

## Access delivery

access-term = Діє до { $until } · Трафік: { $traffic } · Пристроїв: { $devices }
access-no-expiry = безстроково
access-unlimited = без обмежень
access-links = 🔗 <b>{ $count ->
    [one] Посилання для підключення
    [few] Посилання для підключення
    [many] Посилання для підключення
   *[other] Посилання для підключення
  }</b> (натисніть, щоб скопіювати):
access-subscription = 📥 <b>Посилання на підписку</b> (додайте його в застосунок, і список серверів оновлюватиметься сам):
access-howto =
    <b>Як підключитися</b>
    • <b>Android</b>: Hiddify або v2rayNG → ➕ → Імпорт із буфера обміну
    • <b>iOS</b>: Streisand або V2Box → ➕ → Додати з буфера обміну
    • <b>Windows</b>: Hiddify або v2rayN → Додати профіль із буфера обміну
    • <b>macOS</b>: Hiddify або V2Box → Імпорт із буфера обміну
    • <b>Linux</b>: Hiddify або Nekoray → Імпорт із буфера обміну
    Або відскануйте QR-код у застосунку.
access-qr-caption = QR-код для VPN-застосунку
delivery-ready = ✅ <b>Ваш VPN готовий: { $plan }</b>
delivery-trial = 🎁 <b>Ваш безкоштовний пробний період готовий: { $days ->
    [one] { $days } день
    [few] { $days } дні
    [many] { $days } днів
   *[other] { $days } дня
}, { $traffic }</b>
delivery-trial-unlimited = трафік без обмежень
delivery-renewed = 🔄 <b>Продовжено: { $plan }</b>
delivery-open-my = 🔑 Мої підписки
drift-access-recreated = 🔧 <b>Доступ до VPN створено заново: { $plan }</b>
    Попередній доступ перестав працювати на боці хостингу, тому ми створили його заново з тим самим терміном. Замініть у застосунку старе посилання чи підписку на нове нижче.
drift-access-moved = 🔀 <b>Ваш VPN перенесено на інший сервер: { $plan }</b>
    Попередній сервер більше недоступний, тому ми перенесли ваш доступ із тим самим терміном і залишком трафіку. Замініть у застосунку старе посилання на нове нижче.
delivery-failed = 😔 Не вдалося налаштувати ваш доступ до VPN. { $amount } повернуто на ваш гаманець: цю суму можна витратити на іншу покупку, або спробуйте ще раз пізніше. Адміністраторів уже повідомлено.
delivery-failed-trial = 😔 Не вдалося налаштувати ваш пробний період. Спробуйте /trial пізніше; адміністраторів уже повідомлено.
delivery-delayed = ⏳ Це триває довше, ніж зазвичай: хостинг поки не відповідає. Ваш платіж у безпеці: доступ до VPN надійде сюди сам, щойно буде готовий, або гроші повернуться на ваш гаманець.
delivery-delayed-renewal = ⏳ Продовження триває довше, ніж зазвичай: хостинг поки не відповідає. Ваш платіж у безпеці: новий термін застосується сам, і ми напишемо вам тут, або гроші повернуться на ваш гаманець.
delivery-delayed-trial = ⏳ Пробний період готується довше, ніж зазвичай: хостинг поки не відповідає. Доступ надійде сюди сам, щойно буде готовий.
alert-order-failed = ⚠️ Замовлення { $order } не виконано: { $what }. Покупець { ID($customer) }, тариф { $plan }; { $amount } повернуто на гаманець. Подробиці — в журналі.
alert-renewal-failed = ⚠️ Продовження { $order } підписки { $subscription } не виконано: { $what }. Покупець { ID($customer) }, тариф { $plan }; { $amount } повернуто на гаманець, термін підписки не змінився. Подробиці — в журналі.
alert-order-orphan = 🧹 Його клієнта { $name } ({ $place }) не вдалося видалити: видаліть його вручну.
renewal-failed = 😔 Не вдалося продовжити «{ $plan }». { $amount } повернуто на ваш гаманець. Підписка діє як і раніше, до { $date }; спробуйте продовжити пізніше. Адміністраторів уже повідомлено.
renewal-failed-no-date = 😔 Не вдалося продовжити «{ $plan }». { $amount } повернуто на ваш гаманець. Підписка діє як і раніше; спробуйте продовжити пізніше. Адміністраторів уже повідомлено.
failure-api = { $api ->
    [account] API хостингу
    [panel] API панелі
   *[node] API ноди
}
failure-op = { $op ->
    [create] створити клієнта
    [change] змінити клієнта
    [delete] видалити клієнта
   *[read] прочитати клієнта
}
failure-refused = { failure-api } відмовився { failure-op } ({ $status } { $detail })
failure-unauthorized = { failure-api } не прийняв наш ключ або токен ({ $status })
failure-lte = для сервера не придбано LTE-доступ ({ $status })
failure-forbidden = в акаунті хостингу потрібні e-mail і нікнейм ({ $status })
failure-internal = у { failure-api } сталася внутрішня помилка ({ $status })
failure-unavailable = { failure-api } був тимчасово недоступний ({ $status })
failure-timeout = { failure-api } не відповів вчасно
failure-unreachable = не вдалося з'єднатися з { failure-api }
failure-unreadable = { failure-api } надіслав відповідь, яку ми не змогли прочитати
failure-input = запит відхилено ще до надсилання: { $detail }
failure-provisioning = не вдалося налаштувати: { $detail }
failure-unknown = непередбачена помилка
failure-place-xui = xui-сервер #{ ID($id) }
failure-place-panel = локації панелі { $locations }
failure-place-node = нода

## Payments

invoice-order-title = Тариф VPN
invoice-renewal-title = Продовження VPN
invoice-order-description = { $plan }. Ціна { $amount }.
invoice-order-description-rest = { $plan }: до сплати зараз { $due }; решту { $covered } із ціни { $price } покриває баланс вашого гаманця.
invoice-topup-title = Поповнення гаманця
invoice-topup-description = Додає { $amount } на ваш гаманець у VPN-магазині.
invoice-try-again = Магазин зараз зайнятий. Спробуйте ще раз трохи згодом.
invoice-already-sent = Рахунок щойно надіслано: він у чаті вище, оплатіть його там. Новий можна буде отримати за кілька хвилин.
invoice-refused-invoice-invalid = Цей рахунок більше не відповідає вашому замовленню. Почніть покупку заново.
invoice-refused-invoice-expired = Термін дії рахунку минув. Почніть покупку заново.
invoice-refused-blocked = Ваш доступ до цього магазину заблоковано.
payment-order-paid = ✅ Оплату отримано. Готуємо ваш доступ до VPN, це займе кілька секунд…
payment-order-short = Ваш платіж зараховано на гаманець (баланс { $balance }), але його вже не вистачає на це замовлення. Відкрийте гаманець, щоб поповнити його або купити знову.
payment-order-expired = ✅ Оплату { $amount } отримано. Термін замовлення минув, тому гроші на вашому гаманці (баланс { $balance }); ними можна скористатися для покупки будь-коли.
payment-order-already-paid = ✅ Оплату { $amount } отримано. Це замовлення вже було оплачено, тому ці гроші на вашому гаманці (баланс { $balance }); ними можна скористатися для покупки будь-коли.
payment-order-promo-refused = ✅ Оплату { $amount } отримано, але { $reason ->
    [not-new] промокод <b>{ $code }</b> лише для нових покупців, а інше ваше замовлення було оплачено раніше.
   *[other] промокод <b>{ $code }</b> у цьому замовленні більше не можна використати.
} Це замовлення скасовано, а гроші на вашому гаманці (баланс { $balance }): купити тариф за повною ціною можна будь-коли.
payment-topup-done = ✅ На гаманець зараховано { $amount }. Баланс: { $balance }.
payment-stored-later = ✅ Платіж отримано, і він у безпеці. Зарахування триває трохи довше, ніж зазвичай; коли все буде готово, ви отримаєте повідомлення тут.

## Reconciliation

reconcile-order = ✅ Ми знайшли ваш платіж { $amount }, який до нас не дійшов. Ваше замовлення вже готується.
reconcile-credited = ✅ Ми знайшли ваш платіж { $amount }, який до нас не дійшов. Його зараховано на ваш гаманець (баланс { $balance }).

## Admin: customers and failed orders

admin-customers = 👥 Клієнти
admin-failed-orders = ⚠️ Невдалі замовлення
customers-title = 👥 <b>Клієнти</b>: { $count }
customers-hint = Знайдіть клієнта за Telegram id або @username, щоб переглянути його гаманець, журнал операцій, підписки та замовлення.
customers-find = 🔍 Знайти клієнта
customers-recent = Нові клієнти:
customers-back = « Клієнти
customers-back-card = « Клієнт
customers-back-subs = « Підписки
customers-cancel = ✖ Скасувати
customers-gone = Клієнта з id <code>{ ID($id) }</code> немає.
customers-ask-query = Надішліть <b>Telegram id</b> клієнта (наприклад, 123456789) або <b>@username</b>.
customers-query-invalid = Надішліть числовий Telegram id або @username (літери, цифри та _).
customers-not-found = Клієнта <b>{ $query }</b> не знайдено (можливо, він ще не запускав бота). Надішліть інший id або @username чи натисніть «Скасувати».
customers-card-title = 👤 <b>{ $name }</b> · { $username }
customers-card-id = ID: <code>{ ID($id) }</code>
customers-card-language = Мова: { $language }
customers-lang-en = англійська
customers-lang-ru = російська
customers-lang-uk = українська
customers-lang-fa = перська
customers-card-joined = З нами від: { $date }
customers-card-blocked = Статус: ⛔ заблокований
customers-card-not-blocked = Статус: ✅ не заблокований
customers-card-bot-blocked = ⚠️ Клієнт заблокував бота.
customers-card-trial-used = Пробний період: використано { $date }
customers-card-trial-unused = Пробний період: не використано
customers-card-balance = Гаманець: <b>{ $balance }</b>
customers-card-subs = Підписки: { $count } (активних: { $active })
customers-btn-ledger = 📒 Журнал
customers-btn-subs = 🔑 Підписки
customers-btn-orders = 🧾 Замовлення
customers-btn-credit = ➕ Нарахувати
customers-btn-debit = ➖ Списати
customers-btn-block = ⛔ Заблокувати
customers-btn-unblock = ✅ Розблокувати
customers-blocked = ⛔ Клієнта заблоковано: він більше не може купувати, продовжувати й платити.
customers-unblocked = ✅ Клієнта розблоковано.
customers-told = 📨 Клієнта повідомлено.
customers-not-told = 📭 Не вдалося повідомити клієнта (він заблокував бота або недоступний).
customers-ask-block-reason = ⛔ Чому блокуємо <b>{ $name }</b>? Надішліть <b>причину</b> (до 200 символів) — клієнт її побачить.
customers-confirm-block =
    Заблокувати { $name } (<code>{ ID($id) }</code>)?
    Причина: <i>{ $reason }</i>
    Клієнт більше не зможе купувати, продовжувати й платити та отримає повідомлення з причиною.
customers-block-yes = ⛔ Так, заблокувати
notice-credited = 💰 Адміністратори магазину нарахували на ваш гаманець { $amount }. Причина: <i>{ $reason }</i>. Баланс: { $balance }.
notice-debited = 💸 Адміністратори магазину списали з вашого гаманця { $amount }. Причина: <i>{ $reason }</i>. Баланс: { $balance }.
notice-blocked = ⛔ Адміністратори магазину заблокували ваш доступ. Причина: <i>{ $reason }</i>
notice-unblocked = ✅ Ваш доступ до магазину відновлено: ви знову можете купувати й продовжувати.
customers-page-prev = ‹ Назад
customers-page-next = Далі ›
customers-ledger-title = 📒 <b>Журнал операцій: { $name }</b> · { $count } { $count ->
        [one] запис
        [few] записи
        [many] записів
       *[other] запису
    } · сторінка { $page } з { $pages }
customers-ledger-empty = Рухів коштів у гаманці поки немає.
customers-ledger-line = { $date } · { $kind } · <b>{ $amount }</b> → { $balance }
customers-ledger-note = ↳ <i>{ $note }</i>
customers-kind-topup = поповнення
customers-kind-purchase = покупка
customers-kind-renewal = продовження
customers-kind-refund = повернення
customers-kind-stars-refund = повернення зірок
customers-kind-admin-credit = нарахування адміністратором
customers-kind-admin-debit = списання адміністратором
customers-kind-referral = реферальна винагорода
customers-kind-referral-back = повернення реферальної винагороди
customers-kind-promo = промокод
customers-subs-title = 🔑 <b>Підписки: { $name }</b> ({ $count })
customers-subs-empty = Підписок немає.
customers-subs-line = • <b>{ $plan }</b>{ $trial } — до { $until } · { $status }
customers-sub-trial-mark = { " " }(пробна)
customers-sub-status-active = ✅ активна
customers-sub-status-expired = ⌛ термін минув
customers-sub-status-removed = 🗑 видалена адміністратором
customers-no-expiry = безстроково
customers-unlimited = без обмежень
customers-sub-title = 🔑 <b>{ $plan }</b>{ $trial }
customers-sub-id = Підписка: <code>{ ID($id) }</code>
customers-sub-status = Статус: { $status }
customers-sub-expiry = Діє до: { $date }
customers-sub-terms = Трафік: { $traffic } · Пристроїв: { $devices }
customers-sub-backend = Бекенд: { $kind } · клієнт <code>{ $name }</code>
customers-sub-locations = 📍 { $locations }
customers-sub-links = Посилань: { $count }
customers-sub-url = Посилання на підписку: <code>{ $url }</code>
customers-sub-no-url = Посилання на підписку: немає
customers-sub-frozen = ❄️ Заморожена з { $since } до { $until } · збережено днів: { $bank } · потім закінчується { $end }
customers-sub-freeze-asked = ❄️ Заморожування на { $days } дн. запитане й чекає своєї черги.
customers-sub-freeze-unfreezing = ▶️ Розморожується: фонове завдання завершить це протягом кількох хвилин.
customers-sub-freezes-used = Заморожувань за останні 365 днів: { $used } з { $limit }
customers-unfreeze-button = ▶️ Зняти заморожування
customers-unfreeze-done = ▶️ Заморожування знято: підключення знову працює, підписка закінчується { $end }.
customers-unfreeze-retrying = ⏳ Хостинг не відповів: фонове завдання завершить розморожування протягом кількох хвилин.
customers-unfreeze-busy = ⏳ Заморожування знімається просто зараз (інше натискання або фонове завдання): відкрийте підписку знову за мить.
customers-unfreeze-not-frozen = Ця підписка не заморожена (вже): нічого не змінено.
notice-unfrozen = ▶️ Магазин зняв заморожування вашої підписки: підключення знову працює, підписка закінчується { $end }.
customers-orders-title = 🧾 <b>Замовлення: { $name }</b> (спершу нові)
customers-orders-empty = Замовлень немає.
customers-order-line = <code>{ $order }</code> · { $kind } · { $plan } · { $price } · { $status } · { $date }
customers-order-error = ↳ Помилка: { $error }
customers-order-kind-purchase = покупка
customers-order-kind-renewal = продовження
customers-order-kind-trial = пробний період
customers-order-status-awaiting_payment = очікує оплати
customers-order-status-paid = оплачено
customers-order-status-provisioning = виконується
customers-order-status-active = виконано
customers-order-status-failed = збій
customers-order-status-refunded = повернено
customers-order-status-cancelled = скасовано
customers-order-status-awaiting_claim = подарунок, чекає на отримувача
customers-btn-charge-again = 🔁 Повторити { $order } (списати знову)
customers-retry-confirm =
    Списати <b>{ $price }</b> з гаманця клієнта { $name } (баланс { $balance }) за нове замовлення <b>{ $plan }</b>?
    Повернене замовлення <code>{ $order }</code> залишиться без змін.
customers-retry-promo = 🎟 Як у поверненому замовленні: промокод <b>{ $code }</b> (повна ціна { $list }{ $days ->
    [0] {""}
    [one] , +{ $days } бонусний день
    [few] , +{ $days } бонусні дні
    [many] , +{ $days } бонусних днів
   *[other] , +{ $days } бонусного дня
}); його використання перейде до нового замовлення.
customers-retry-yes = ✅ Списати й повторити
customers-retry-queued = ✅ Нове замовлення <code>{ $order }</code> оплачено з гаманця ({ $price }) і поставлено в чергу.
customers-retry-insufficient = ⛔ Балансу { $balance } не вистачає на { $price }. Нічого не списано.
customers-retry-blocked = ⛔ Клієнта заблоковано: спершу розблокуйте його.
customers-retry-plan-gone = Тарифу { $plan } більше немає в каталозі: нічого не списано.
customers-retry-sub-gone = Підписки, яку продовжувало це замовлення, більше немає: нічого не списано.
customers-retry-failed = Не вдалося оплатити нове замовлення: нічого не списано.
customers-retry-promo-gone = Використання промокоду поверненого замовлення тим часом уже зайняте (новим замовленням самого клієнта): нічого не списано. Відкрийте замовлення знову, щоб побачити актуальну ціну.
customers-retry-already = Замовлення <code>{ $order }</code> уже повторено як <code>{ $next }</code>.
customers-retry-busy = Це замовлення саме зараз повторюється.
customers-retry-not-refunded = Повторити зі списанням можна лише повернене замовлення (замовлення <code>{ $order }</code>: { $status }).
customers-ask-credit = Скільки <b>нарахувати</b> на гаманець клієнта { $name }, у { $currency }? Баланс зараз: { $balance }.
customers-ask-debit = Скільки <b>списати</b> з гаманця клієнта { $name }, у { $currency }? Баланс зараз: { $balance }.
customers-amount-invalid-whole = Надішліть ціле додатне число в { $currency }, наприклад 150.
customers-amount-invalid = Надішліть додатну суму в { $currency }, наприклад 4,99.
customers-debit-over = На балансі лише { $balance }: списання не може зробити його від'ємним. Надішліть меншу суму або натисніть «Скасувати».
customers-debit-nothing = Гаманець клієнта { $name } порожній: списувати нічого.
customers-ask-reason = Тепер надішліть <b>причину</b> (до 200 символів). Її буде збережено в журналі.
customers-reason-invalid = Причина має містити від 1 до { $max } символів.
customers-confirm-credit =
    Нарахувати <b>{ $amount }</b> клієнту { $name } (<code>{ ID($id) }</code>)?
    Причина: <i>{ $reason }</i>
    Баланс: { $balance } → { $after }
customers-confirm-debit =
    Списати <b>{ $amount }</b> у клієнта { $name } (<code>{ ID($id) }</code>)?
    Причина: <i>{ $reason }</i>
    Баланс: { $balance } → { $after }
customers-confirm-yes = ✅ Підтвердити
customers-confirm-used = Це підтвердження вже використано.
customers-confirm-expired = Час на підтвердження минув. Почніть знову з картки клієнта.
customers-adjust-already = Уже виконано: { $amount }.
customers-adjust-currency-changed = Валюта магазину змінилася після підготовки операції. Нічого не змінено; почніть знову.
customers-credited = ✅ Нараховано { $amount }. Баланс: { $balance }.
customers-debited = ✅ Списано { $amount }. Баланс: { $balance }.
customers-debit-refused = ⛔ Відмовлено: балансу { $balance } не вистачає на списання { $amount }. Нічого не змінено.
failed-orders-title = ⚠️ <b>Невдалі замовлення</b> (повернення не завершено): { $count }
failed-orders-page = Сторінка { $page } з { $pages }
failed-orders-empty = Невдалих замовлень немає. 🎉
failed-orders-item =
    <code>{ $order }</code> · { $date }
    Клієнт: { ID($customer) } (<code>{ ID($id) }</code>)
    { $kind }: { $plan } · { $price }
    Помилка: { $error }
failed-orders-retry = 🔁 Повторити { $order }
failed-orders-customer = 👤 Клієнт
failed-orders-queued = ✅ Замовлення <code>{ $order }</code> знову поставлено в чергу.
failed-orders-refunded = Замовлення <code>{ $order }</code> уже повернено, тому повторити його не можна; натомість повторіть його зі списанням у замовленнях клієнта.
failed-orders-not-failed = Замовлення <code>{ $order }</code> більше не в статусі збою (зараз: { $status }).
failed-orders-gone = Цього замовлення більше не існує.
admin-payments = 💳 Платежі на перевірку
admin-sync = 🔄 Звірка

## Sync: the shop and the hosting side compared (issue 13)
sync-title = 🔄 Звірка з хостингом
sync-never = Звірка ще не запускалася.
sync-last-run = Остання звірка: { $date }, { $seconds } с
sync-found = Знайдено: { $list }
sync-repaired = Виправлено: { $list }
sync-skipped = Не відповіли (висновків не зроблено): { $list }
sync-gap-unreachable = Локація { $location }: не відповідає; цього разу не звірено.
sync-gap-reads_failed = Локація { $location }: не віддає списку клієнтів, а прочитати клієнтів магазину там по одному не вдалося (прочитано { $read } з { $total }); цього разу не звірено.
sync-gap-read_limit = Локація { $location }: не віддає списку клієнтів; цього разу там по одному прочитано { $read } з { $total ->
    [one] { $total } клієнта
    [few] { $total } клієнтів
    [many] { $total } клієнтів
   *[other] { $total } клієнта
} магазину, решту — під час наступних звірок.
sync-gap-no_list = Локація { $location }: не віддає списку клієнтів; { $total ->
    [0] клієнтів магазину там немає
    [one] { $total } клієнта магазину там прочитано по одному
    [few] { $total } клієнти магазину там прочитано по одному
    [many] { $total } клієнтів магазину там прочитано по одному
   *[other] { $total } клієнта магазину там прочитано по одному
} (клієнтів, створених вручну, там не видно).
sync-waiting = { $count ->
    [one] { $count } розбіжність чекає на ваше рішення:
    [few] { $count } розбіжності чекають на ваше рішення:
    [many] { $count } розбіжностей чекають на ваше рішення:
   *[other] { $count } розбіжності чекають на ваше рішення:
}
sync-nothing-waiting = Немає нічого, що чекає на рішення.
sync-run-now = ▶️ Запустити зараз
sync-run-queued = Звірку поставлено в чергу; оновіть за хвилину.
sync-refresh = 🔄 Оновити
sync-back = ⬅️ Назад
sync-finding-gone = Цю розбіжність уже врегульовано.
sync-found-at = Знайдено: { $date }
sync-recreate = ♻️ Створити заново з тим самим терміном
sync-move = 🚚 Перенести на інший сервер
sync-move-pick = На який сервер перенести? Покупець отримає нові посилання.
sync-move-to = { $name } (#{ $id }), клієнтів: { $clients }
sync-no-servers = Немає іншого активного сервера цього тарифу, оплаченого довше за термін цієї підписки.
sync-delete = 🗑 Видалити
sync-delete-ask = Видалити цього клієнта на боці хостингу? Жодна підписка його не використовує.
sync-delete-yes = 🗑 Так, видалити
sync-adopt = 🔗 Прив'язати до покупця { $customer }
sync-done = ✅ Готово.
sync-already = Уже зроблено.
sync-unavailable = ⚠️ Хостинг зараз не відповідає; нічого не змінено. Спробуйте пізніше.
sync-refused = ⛔ Не виконано: { $reason } { $detail }
drift-kind-expiry_changed = змінено термін дії
drift-kind-traffic_changed = змінено ліміт трафіку
drift-kind-missing = клієнт зник
drift-kind-location_drift = локація розсинхронізована
drift-kind-orphan = клієнт без підписки
drift-kind-server_gone = сервер недоступний
drift-line-expiry_changed = { $subscription } (покупець { $customer }): на боці хостингу термін дії змінено з { $from } на { $to }; запис магазину оновлено
drift-line-traffic_changed = { $subscription } (покупець { $customer }): на боці хостингу змінено ліміт трафіку; запис магазину оновлено
drift-line-missing = { $subscription } (покупець { $customer }): підписка активна, але її клієнта на боці хостингу немає
drift-line-location_drift = { $subscription } (покупець { $customer }): локація { $location } була розсинхронізована; термін повернуто до терміну магазину
drift-line-orphan = { $name } на { $place }: ім'я у форматі магазину, але підписки немає
drift-line-server_gone = { $subscription } (покупець { $customer }): сервер { $server } { $reason }
drift-gone-expired = прострочений (термін дії минув)
drift-gone-suspended = призупинений
drift-gone-regenerated = перевипущений (старі клієнти перестали працювати)
drift-gone-removed = більше не числиться в акаунті
drift-report-head = 🔄 { $count ->
    [one] Звірка знайшла { $count } нову розбіжність:
    [few] Звірка знайшла { $count } нові розбіжності:
    [many] Звірка знайшла { $count } нових розбіжностей:
   *[other] Звірка знайшла { $count } нової розбіжності:
}
drift-report-more = …і ще { $count } у розділі «Звірка».
drift-report-open = 🔄 Відкрити «Звірку»

admin-referrals = 🤝 Реферальна програма
payments-inbox-title = 💳 <b>Платежі на перевірку</b>
payments-inbox-pending = <b>Ще не зараховані</b> (отримані понад хвилину тому; зазвичай вони зараховуються автоматично за кілька хвилин, а той, що лишається тут, варто перевірити): { $count }
payments-inbox-unmatched = <b>Не відповідають жодному замовленню платника</b> (гроші на гаманці платника): { $count }
payments-inbox-none = немає
payments-inbox-item =
    <code>{ $charge }</code> · { $date }
    { $amount } від <code>{ ID($payer) }</code> · рахунок <code>{ $payload }</code>
payments-inbox-customer = 👤 Клієнт { ID($payer) }
payments-inbox-why = ↳ { $why ->
    [amount] не та сума, що запитана: на балансі покупця, замовлення не оплачено
    [unknown] магазин його не запитував: на балансі покупця
    [currency] інша валюта: затримано, нічого не зараховано
   *[other] не підходить до жодного замовлення
}

## Shop: buying, wallet, subscriptions, trial (customer side)

shop-private-only = Магазин працює в особистому чаті зі мною: відкрийте його та надішліть там /buy.
shop-order-gone = Це замовлення більше недоступне. Почніть знову з /buy.
shop-order-expired = Термін дії замовлення минув. Почніть знову з /buy, щоб побачити актуальну ціну.
shop-plan-gone = Цей тариф більше не продається. Оберіть інший через /buy.
shop-unlimited = без обмежень
shop-days = { $days ->
    [one] { $days } день
    [few] { $days } дні
    [many] { $days } днів
   *[other] { $days } дня
}
shop-traffic = трафік { $traffic }
shop-devices = пристроїв: { $devices }
shop-locations = 📍 { $names }
# A plan location without a name in the catalog: the main panel, or a connected one by its id.
location-main = Основна локація
location-node = Локація { $node }
shop-prev = ‹ Назад
shop-next = Далі ›

buy-title = 🛒 <b>Оберіть тариф</b>
buy-plan-line =
    <b>{ $title }</b> — { $price }
    { $details }
buy-plan-button = { $title } · { $price }
buy-card =
    <b>{ $title }</b>
    { $details }

    Ціна: <b>{ $price }</b>
buy-button = ✅ Купити за { $price }
buy-all-plans = « Усі тарифи
buy-confirm =
    🧾 <b>Ваше замовлення</b>
    Тариф: <b>{ $plan }</b>
    Ціна: <b>{ $price }</b>
    Баланс гаманця: { $balance }
buy-confirm-renewal =
    🔄 <b>Продовження</b>
    Тариф: <b>{ $plan }</b>
    Ціна: <b>{ $price }</b>
    Баланс гаманця: { $balance }
buy-renewal-rule =
    Зараз діє до: { $current }
    Після продовження: <b>{ $next }</b>
    (пізніша з дат — сьогодні чи поточне завершення — плюс { $days ->
        [one] { $days } день
        [few] { $days } дні
        [many] { $days } днів
       *[other] { $days } дня
    }: час, що залишився, зберігається)
buy-confirm-enough = Вашого балансу вистачає.
buy-renewal-after-pending = { $count ->
    [one] ⏳ Продовження, яке ви оплатили раніше, ще застосовується: це додасть свої дні після нього.
    [few] ⏳ { $count } продовження, які ви оплатили раніше, ще застосовуються: це додасть свої дні після них.
    [many] ⏳ { $count } продовжень, які ви оплатили раніше, ще застосовуються: це додасть свої дні після них.
   *[other] ⏳ { $count } продовження, які ви оплатили раніше, ще застосовуються: це додасть свої дні після них.
}
buy-confirm-short = На балансі бракує { $missing }: сплатіть цю суму рахунком у Telegram, а решта ({ $covered }) спишеться з балансу.
buy-confirm-invoice = Сплатіть { $missing } рахунком у Telegram.
buy-invoice-sent = 🧾 Рахунок на { $amount } надіслано: оплатіть його нижче.
buy-pay-balance = ✅ Сплатити { $price } з балансу
buy-pay-invoice = 💳 Сплатити { $amount } рахунком
buy-cancel = ✖ Скасувати
buy-cancelled = Замовлення скасовано. Нічого не списано.
buy-promo-refused = ⛔ { $reason ->
    [not-new] Промокод <b>{ $code }</b> лише для нових покупців, а інше ваше замовлення було оплачено раніше.
   *[other] Промокод <b>{ $code }</b> у цьому замовленні більше не можна використати.
} Це замовлення скасовано, з балансу нічого не списано: купити тариф за повною ціною можна будь-коли.
buy-cannot-cancel = Це замовлення вже оплачено, тому скасувати його не можна.
buy-already-paid = Це замовлення вже оплачено; доступ незабаром надійде.
buy-balance-short = Вашого балансу ({ $balance }) більше не вистачає на це замовлення, тож ось рахунок на решту суми.
buy-paid = ✅ Сплачено { $price } з балансу (тепер на балансі { $balance }). Готуємо ваш доступ до VPN, це займе кілька секунд…
buy-paid-renewal = ✅ Сплачено { $price } з балансу (тепер на балансі { $balance }). Продовжуємо вашу підписку, це займе кілька секунд…
# An order made free by a promo code of the whole price.
buy-confirm-free = Безкоштовно за вашим промокодом: з балансу нічого не спишеться.
buy-get-free = 🎁 Отримати безкоштовно
buy-paid-free = ✅ Готово, безкоштовно. { $kind ->
    [renewal] Продовжуємо вашу підписку, це займе кілька секунд…
    [gift] Посилання на подарунок уже надходить…
   *[other] Готуємо ваш доступ до VPN, це займе кілька секунд…
}

# Gifts: a plan bought for someone else, claimed through a link
buy-gift-button = 🎁 Купити в подарунок
buy-confirm-gift =
    🎁 <b>Подарунок</b>
    Тариф: <b>{ $plan }</b>
    Ціна: <b>{ $price }</b>
    Баланс гаманця: { $balance }
    Після оплати ви отримаєте посилання, яке можна переслати: підписку отримає той, хто відкриє його першим.
buy-paid-gift = ✅ Сплачено { $price } з балансу (тепер на балансі { $balance }). Посилання на подарунок уже надходить…
payment-gift-paid = ✅ Оплату отримано. Посилання на подарунок уже надходить…
gift-ready =
    🎁 <b>Ваш подарунок готовий: { $plan }</b>
    Перешліть наступне повідомлення тому, кому даруєте: підписку отримає той, хто першим відкриє посилання.
    Посилання дійсне до { $date }. Якщо до того часу його ніхто не відкриє, { $amount } повернеться на ваш гаманець. Також подарунок можна скасувати в розділі Гаманець → 🎁 Мої подарунки.
gift-forward =
    🎁 <b>Подарунок для вас: { $plan }</b> ({ $days ->
        [one] { $days } день
        [few] { $days } дні
        [many] { $days } днів
       *[other] { $days } дня
    } VPN).
    Відкрийте це посилання, щоб отримати його: { $link }
gift-delivered = 🎁 <b>Ваш подарунок готовий: { $plan }</b>
gift-failed = 😔 Ваш подарунок ({ $plan }) отримали, але налаштувати доступ не вдалося. { $amount } повернуто на ваш гаманець. Адміністраторів уже повідомлено.
gift-failed-recipient = 😔 На жаль, не вдалося налаштувати подарований доступ ({ $plan }). Тому, хто його подарував, гроші повернуто.
gift-expired-refunded = ⌛ Ваш подарунок ({ $plan }) ніхто не отримав вчасно: термін дії посилання минув, і { $amount } повернуто на ваш гаманець.
gift-claimed-buyer = 🎁 Ваш подарунок ({ $plan }) отримав(-ла) { $name }.
gift-claim-ok = 🎁 <b>Вам подарунок: { $plan }!</b> Налаштовуємо ваш доступ, це займе кілька секунд…
gift-claim-yours = 🎁 Цей подарунок уже ваш: доступ — у розділі 🔑 Мої підписки.
gift-claim-own = 🎁 Це посилання на ваш власний подарунок: перешліть його тому, кому даруєте. Скасувати подарунок можна в розділі Гаманець → 🎁 Мої подарунки.
gift-claim-taken = Цей подарунок уже отримав хтось інший.
gift-claim-cancelled = Цей подарунок скасував той, хто його купив.
gift-claim-expired = ⌛ Термін дії цього посилання на подарунок минув.
gift-claim-unknown = Посилання на подарунок недійсне. Перевірте, чи ви відкрили його повністю.
gift-my-button = 🎁 Мої подарунки
gift-list-title = 🎁 <b>Мої подарунки</b>
gift-list-empty = Ви ще не купували подарунків. Відкрийте тариф у розділі 🛒 Купити й оберіть 🎁 Купити в подарунок.
gift-line-open = { $n }. <b>{ $plan }</b> · { $amount } · чекає на отримувача, посилання дійсне до { $date }
gift-line-claimed = { $n }. <b>{ $plan }</b> · { $amount } · отримав(-ла) { $name }, { $date }
gift-line-cancelled = { $n }. <b>{ $plan }</b> · { $amount } · скасовано { $date }, гроші повернуто
gift-line-expired = { $n }. <b>{ $plan }</b> · { $amount } · термін минув { $date }, гроші повернуто
gift-link-button = 🔗 Посилання { $n }
gift-cancel-button = ✖ Скасувати { $n }
gift-cancelled = ✅ Подарунок скасовано: { $amount } повернуто на ваш гаманець (тепер на балансі { $balance }).
gift-gone = Цей подарунок більше недоступний.
gift-was-claimed = Цей подарунок уже отримали, тому скасувати його не можна.
gift-was-cancelled = Цей подарунок уже скасовано; гроші повернулися на ваш гаманець.
gift-was-expired = Термін дії подарунка минув; гроші повернулися на ваш гаманець.

wallet-title =
    💰 <b>Ваш гаманець</b>
    Баланс: <b>{ $balance }</b>

    Поповніть його платежем у Telegram: оберіть суму або введіть свою. З балансу можна оплачувати тарифи й продовження.
wallet-topup-button = + { $amount }
wallet-custom = ✏️ Інша сума
wallet-history = 📜 Історія
wallet-back = « Гаманець
wallet-ask-amount = ✏️ На яку суму поповнити? Надішліть суму від { $min } до { $max }.
wallet-amount-invalid = Надішліть лише суму від { $min } до { $max }, наприклад 12,50.
wallet-amount-invalid-stars = Надішліть ціле число зірок від { $min } до { $max }, наприклад 300.
wallet-topup-refused = На таку суму поповнити не можна. Оберіть іншу.
wallet-history-title = 📜 <b>Історія гаманця</b> · сторінка { $page } з { $pages }
wallet-history-empty = 📜 У вашому гаманці ще не було жодних операцій.
wallet-history-line = { $date } · { $kind } · <b>{ $amount }</b> → { $balance }
wallet-kind-topup = Поповнення
wallet-kind-purchase = Покупка
wallet-kind-renewal = Продовження
wallet-kind-refund = Повернення
wallet-kind-stars-refund = Повернення зірок
wallet-kind-admin-credit = Нарахування від магазину
wallet-kind-admin-debit = Списання магазином
wallet-kind-referral = Винагорода за запрошеного друга
wallet-kind-referral-back = Платіж друга повернуто: винагороду списано
wallet-kind-promo = Промокод

# Promo codes: customers
promo-usage = Надішліть код після команди, наприклад <code>/promo SPRING</code>.
promo-ask = 🎟 Надішліть ваш промокод.
promo-button = 🎟 Маєте промокод?
promo-refused-invalid = ❌ Промокоду <b>{ $code }</b> не існує. Перевірте, чи правильно його написано.
promo-refused-expired = ⌛ Термін дії промокоду <b>{ $code }</b> минув.
promo-refused-disabled = ⛔ Магазин вимкнув промокод <b>{ $code }</b>.
promo-refused-used-up = 😔 Промокод <b>{ $code }</b> вичерпано: використань не залишилося.
promo-refused-already-used = Ви вже використали промокод <b>{ $code }</b>.
promo-refused-wrong-plan = Промокод <b>{ $code }</b> не діє для цього тарифу.
promo-refused-not-new = Промокод <b>{ $code }</b> лише для нових покупців (до першого оплаченого замовлення).
promo-refused-not-for-orders = Промокод <b>{ $code }</b> поповнює гаманець: надішліть <code>/promo { $code }</code>, щоб ним скористатися.
promo-remembered-percent = 🎟 Промокод <b>{ $code }</b> прийнято: знижка { $percent }% на наступну покупку протягом 24 годин. Оберіть тариф нижче.
promo-remembered-fixed = 🎟 Промокод <b>{ $code }</b> прийнято: знижка { $amount } на наступну покупку протягом 24 годин. Оберіть тариф нижче.
promo-remembered-days = 🎟 Промокод <b>{ $code }</b> прийнято: { $days ->
    [one] { $days } бонусний день
    [few] { $days } бонусні дні
    [many] { $days } бонусних днів
   *[other] { $days } бонусного дня
} до наступної покупки протягом 24 годин. Оберіть тариф нижче.
promo-credited = 🎟 Промокод <b>{ $code }</b>: на гаманець зараховано { $amount } (тепер на балансі { $balance }).
promo-order-discount = 🎟 Промокод <b>{ $code }</b>: −{ $discount } (замість { $list })
promo-order-days = 🎟 Промокод <b>{ $code }</b>: { $days ->
    [one] +{ $days } бонусний день
    [few] +{ $days } бонусні дні
    [many] +{ $days } бонусних днів
   *[other] +{ $days } бонусного дня
}
invoice-promo-note = Застосовано промокод { $code } (замість { $list }).

# Promo codes: admins
admin-promo = 🎟 Промокоди
promo-admin-title = 🎟 <b>Промокоди</b> ({ $count })
promo-admin-none = Промокодів поки немає.
promo-admin-line = <b>{ $code }</b> — { $what } · { $usage } · { $state }
promo-admin-usage = використано { $used }/{ $total }, зарезервовано { $reserved }
promo-admin-state-live = діє
promo-admin-state-disabled = вимкнено
promo-admin-state-expired = термін минув
promo-admin-what-percent = −{ $percent }%
promo-admin-what-fixed = −{ $amount }
promo-admin-what-days = { $days ->
    [one] +{ $days } день
    [few] +{ $days } дні
    [many] +{ $days } днів
   *[other] +{ $days } дня
}
promo-admin-what-credit = +{ $amount } на гаманець
promo-admin-new = ➕ Новий код
promo-admin-back = « Промокоди
promo-admin-disable = ⛔ Вимкнути
promo-admin-disabled-now = Код вимкнено: його більше не можна використати.
promo-admin-card =
    🎟 <b>{ $code }</b> — { $what } ({ $state })
    Використання: { $usage }
    Тарифи: { $plans }
    Діє до: { $expires }
    Використань на покупця: { $perCustomer }
    Лише для нових покупців: { $newOnly }
promo-admin-all-plans = усі
promo-admin-no-expiry = безстроково
promo-admin-yes = так
promo-admin-no = ні
promo-admin-uses-title = <b>Останні використання</b>
promo-admin-no-uses = Ще не використовувався.
promo-admin-use-used = ✅ покупець <code>{ $customer }</code> · { $what } · { $at }
promo-admin-use-reserved = ⏳ покупець <code>{ $customer }</code> · { $what } (не оплачено) · { $at }
promo-admin-use-credit = зарахування на гаманець
promo-admin-choose-kind = Що даватиме новий код?
promo-admin-kind-percent = Знижка у відсотках
promo-admin-kind-fixed = Фіксована знижка
promo-admin-kind-days = Бонусні дні
promo-admin-kind-credit = Зарахування на гаманець
promo-admin-ask-code = Надішліть код (3–32 літери, цифри, _ або -), наприклад <code>SPRING25</code>.
promo-admin-invalid-code = Код — це 3–32 літери, цифри, _ або -. Надішліть інший.
promo-admin-ask-value-percent = Яка знижка у відсотках? (1–100; 100 робить замовлення безкоштовним)
promo-admin-ask-value-fixed = На скільки знизити ціну? (сума у валюті магазину)
promo-admin-ask-value-days = Скільки бонусних днів до покупки?
promo-admin-ask-value-credit = Яку суму зарахувати на гаманець?
promo-admin-invalid-value-percent = Надішліть ціле число від 1 до 100.
promo-admin-invalid-value-amount = Надішліть суму, більшу за нуль, наприклад <code>50</code>.
promo-admin-invalid-value-days = Надішліть ціле число днів від 1 до { $max }.
promo-admin-ask-plans = Для яких тарифів? Позначте потрібні тарифи й натисніть ✅ Продовжити — або 🌐 Усі тарифи.
promo-admin-invalid-plans = Позначте тарифи вище й натисніть ✅ Продовжити або 🌐 Усі тарифи (чи надішліть id тарифів через кому).
promo-admin-ask-expiry = Скільки днів діє код? Надішліть число або <code>-</code>, якщо безстроково.
promo-admin-invalid-expiry = Надішліть ціле число днів від 1 до { $max } або <code>-</code>.
promo-admin-ask-total = Скільки використань загалом? Надішліть число або <code>-</code>, щоб не обмежувати.
promo-admin-ask-per-customer = Скільки використань на одного покупця? Надішліть число або <code>-</code> для одного.
promo-admin-invalid-count = Надішліть ціле число від 1 до { $max } або <code>-</code>.
promo-admin-ask-new-only = Лише для нових покупців (ще без оплачених замовлень)?
promo-admin-invalid-yes-no = Натисніть ✅ Так або ❌ Ні вище.
promo-admin-exists = Код <b>{ $code }</b> уже існує: нічого не створено.

my-title = 🔑 <b>Ваші підписки</b>
my-title-page = 🔑 <b>Ваші підписки</b> · сторінка { $page } з { $pages }
my-empty = У вас поки немає підписок. Оберіть тариф через /buy.
my-item = { $status } · <b>{ $plan }</b> · до { $expiry }
my-status-active = ✅ активна
my-status-expired = ⌛ термін минув
my-status-disabled = ⏸ призупинена
my-renew-removed = Цю підписку видалили адміністратори магазину, тому продовжити її не можна. Оберіть тариф у /buy.
my-status-removed = 🗑 видалена адміністраторами магазину
my-card-status = Статус: { $status }
my-card-expiry = Діє до: { $date }
my-card-traffic = Трафік: { $used } / { $limit }
my-card-devices = Пристроїв: { $devices }
my-usage-unknown = ?
my-usage-stale = ⚠️ Зараз не вдалося отримати актуальні дані від хостингу, тому показано останні відомі значення.
my-problem-missing = ⚠️ Цей доступ зараз не працює: на боці хостингу немає його клієнта. Адміністраторів магазину вже повідомлено, вони створять його заново.
my-problem-server_gone = ⚠️ Цей доступ зараз не працює: його сервер не обслуговується. Адміністраторів магазину вже повідомлено, вони перенесуть його; ви отримаєте нові посилання.
my-qr = 📷 QR-код
my-renew = 🔄 Продовжити за { $price }
my-back = « Мої підписки
my-not-found = Підписку не знайдено.
my-no-link = У цієї підписки немає посилання, яке можна показати як QR-код.
my-renew-not-sold = Цей тариф більше не продається, тому продовжити його не можна. Оберіть тариф через /buy.
my-renew-disabled = Цю підписку заблокували адміністратори магазину, тому зараз продовжити її не можна; нічого не списано. Зверніться до підтримки.
my-renew-disabled-support = Цю підписку заблокували адміністратори магазину, тому зараз продовжити її не можна; нічого не списано. Зверніться до підтримки: { $contact }.

trial-preparing = 🎁 Готуємо ваш безкоштовний пробний період, це займе кілька секунд…
trial-used = Ви вже використали безкоштовний пробний період.
trial-none = Зараз безкоштовний пробний період не пропонується.

remind-3d = ⏳ Ваша підписка <b>{ $plan }</b> завершиться менш ніж за 3 дні: { $date }.
remind-1d = ⏳ Ваша підписка <b>{ $plan }</b> завершиться менш ніж за добу: { $date }.
remind-3h = ⚠️ Ваша підписка <b>{ $plan }</b> завершиться менш ніж за 3 години: { $date }.
remind-expired = ⌛ Ваша підписка <b>{ $plan }</b> завершилася { $date }. VPN більше не працює.
remind-renew-hint = Продовжте її одним натисканням, щоб залишатися на зв'язку.
remind-trial-hint = Це був ваш безкоштовний пробний період. Щоб і далі користуватися VPN, оберіть тариф через /buy.
remind-not-sold-hint = Цей тариф більше не продається. Оберіть інший тариф через /buy.
remind-button-renew = 🔄 Продовжити
remind-button-buy = 🛒 Обрати тариф
traffic-80 = 📶 Ви використали { $percent }% трафіку підписки <b>{ $plan }</b>: { $used } з { $limit }.
traffic-100 = 🚫 Трафік підписки <b>{ $plan }</b> вичерпано: використано { $used } з { $limit }. VPN не працюватиме, доки ви не продовжите підписку.
traffic-renew-hint = Продовження починає новий термін зі свіжим обсягом трафіку.
traffic-trial-hint = Це ваш безкоштовний пробний період. Щоб отримати більше трафіку, оберіть тариф через /buy.
traffic-not-sold-hint = Цей тариф більше не продається. Оберіть інший тариф через /buy.
traffic-button-renew = 🔄 Продовжити / поповнити
traffic-button-buy = 🛒 Обрати тариф

## Server watch and shop settings

watch-offline = 🔴 Сервер <b>{ $name }</b> (#{ ID($id) }) недоступний з { $since } ({ $duration }). Повідомлено клієнтів: { $customers }.
watch-offline-early = 🔴 Сервер <b>{ $name }</b> (#{ ID($id) }) недоступний з { $since } ({ $duration }). Його клієнтам ({ $customers }) повідомимо, якщо він буде недоступний довше за { $grace }.
watch-back = 🟢 Сервер <b>{ $name }</b> (#{ ID($id) }) знову в мережі після { $duration }. Повідомлено клієнтів: { $customers }.
watch-days-left = ⏳ Строк сервера <b>{ $name }</b> (#{ ID($id) }) спливає через { $days ->
    [one] { $days } день
    [few] { $days } дні
    [many] { $days } днів
   *[other] { $days } дня
}, { $date }.
watch-low-balance = 💸 Баланс хостингу ({ $balance }) менший за вартість наступного продовження ({ $cost }): сервер <b>{ $name }</b> (#{ ID($id) }), { $days ->
    [one] залишився { $days } день
    [few] залишилося { $days } дні
    [many] залишилося { $days } днів
   *[other] залишилося { $days } дня
}. Поповніть баланс у вебкабінеті хостингу.
watch-extended = ✅ Сервер <b>{ $name }</b> (#{ ID($id) }) автоматично продовжено на 30 днів. Нова дата закінчення: { $date } ({ $days ->
    [one] залишився { $days } день
    [few] залишилося { $days } дні
    [many] залишилося { $days } днів
   *[other] залишилося { $days } дня
}). Баланс: { $balance }.
watch-extend-no-balance = ⚠️ Не вдалося автоматично продовжити сервер <b>{ $name }</b> (#{ ID($id) }): на балансі ({ $balance }) замало коштів. Нічого не списано. Поповніть баланс у вебкабінеті; я спробую знову протягом години.
watch-extend-refused = ⚠️ Не вдалося автоматично продовжити сервер <b>{ $name }</b> (#{ ID($id) }): { $reason } Нічого не списано; я спробую знову протягом години.
watch-extend-unknown = ❓ Автопродовження сервера <b>{ $name }</b> (#{ ID($id) }) не отримало чіткої відповіді ({ $reason }). Кошти могли списатися, а могли й ні: перевірте картку сервера. Сам я повторювати не буду.
watch-extend-not-charged = ⚠️ Автопродовження сервера <b>{ $name }</b> (#{ ID($id) }) не отримало чіткої відповіді ({ $reason }). Я перевірив сервер: його не продовжено, нічого не списано. Спробую знову протягом години.
watch-api-unauthorized = 🔑 API хостингу відхилив ключ акаунта, тому сервери зараз не відстежуються. Прив'яжіть акаунт знову: /admin → Акаунт хостингу.
watch-api-unreachable = 📡 API хостингу недоступний, тому сервери зараз не відстежуються: { $reason } Я пробую знову щохвилини.
outage-offline = ⚠️ Ваш VPN-сервер зараз недоступний. Ми вже працюємо над цим і повідомимо, щойно він запрацює.
outage-back = ✅ Ваш VPN-сервер знову працює. Якщо VPN не підключається, вимкніть і знову ввімкніть його в застосунку.
settings-section = ⚙️ Налаштування
settings-title =
    ⚙️ <b>Налаштування</b>

    Автопродовження серверів: { $autoExtend }
    <i>Якщо ввімкнено, сервер, якому залишився 1 день, продовжується на 30 днів із балансу хостингу — один раз для кожної дати закінчення, — і ви отримуєте звіт.</i>

    Повідомляти клієнтів про недоступність через: { $grace } хв (адміністраторів — після другої невдалої перевірки)
    Вартість продовження для сповіщення про низький баланс: { $cost }
    Вартість останнього продовження: { $learned }
    Валюта балансу хостингу: { $currency }
    <i>API хостингу віддає баланс просто числом; тут указано, у якій він валюті.</i>

    Подарункові посилання діють: { $giftDays ->
        [one] { $giftDays } день
        [few] { $giftDays } дні
        [many] { $giftDays } днів
       *[other] { $giftDays } дня
    } (потім кошти повертаються покупцеві)
settings-on = ✅ увімкнено
settings-off = ⛔ вимкнено
settings-not-set = дізнаюся під час першого продовження
settings-auto-extend-turn-on = ✅ Увімкнути автопродовження
settings-auto-extend-turn-off = ⛔ Вимкнути автопродовження
settings-auto-extend-now-on = Автопродовження увімкнено.
settings-auto-extend-now-off = Автопродовження вимкнено.
settings-edit-grace = ⏱ Змінити затримку сповіщення
settings-edit-cost = 💰 Змінити вартість продовження
settings-edit-currency = 💱 Змінити валюту
settings-edit-gift = 🎁 Змінити строк подарункових посилань
settings-ask-grace = ⏱ Через скільки хвилин недоступності сервера повідомляти клієнтів? Надішліть ціле число від { $min } до { $max }.
settings-ask-cost = 💰 Скільки коштує продовження сервера на 30 днів у валюті балансу хостингу? Це потрібно для сповіщення про низький баланс, доки продовження не покаже справжню ціну. Надішліть суму або «-», щоб дізнатися її під час наступного продовження.
settings-ask-currency = 💱 Надішліть валюту балансу хостингу: код або знак, наприклад RUB чи ₽.
settings-grace-invalid = Надішліть ціле число хвилин від { $min } до { $max }.
settings-cost-invalid = Надішліть суму більшу за 0 і не більшу за { $max } (наприклад, 150 або 99.5) або «-», щоб дізнатися її під час наступного продовження.
settings-currency-invalid = Надішліть код або знак валюти: від 1 до 8 літер чи символів валюти, наприклад RUB або ₽.
settings-ask-gift = 🎁 Скільки днів має діяти подарункове посилання? Якщо подарунок за цей час не заберуть, кошти повернуться на гаманець покупця. Надішліть ціле число від { $min } до { $max }. Для вже надісланих посилань строк не зміниться.
settings-gift-invalid = Надішліть ціле число днів від { $min } до { $max }.

## Sales stats

admin-stats = 📊 Продажі
stats-title = 📊 <b>Продажі, { $range }</b> (дні за UTC)
stats-range-today = сьогодні
stats-range-7d = останні 7 днів
stats-range-30d = останні 30 днів
stats-btn-today = Сьогодні
stats-btn-7d = 7 днів
stats-btn-30d = 30 днів
stats-active = Активних підписок зараз: <b>{ $count }</b>
stats-summary = Нових клієнтів: { $customers } · Замовлень: { $orders } · Виторг: { $revenue }
stats-by-day = <b>За днями</b>
stats-by-plan = <b>За тарифами</b>
stats-col-day = День
stats-col-new = Нов
stats-col-buy = Пок
stats-col-renew = Прод
stats-col-trial = Проб
stats-col-revenue = Виторг
stats-col-plan = Тариф
stats-total = Разом
stats-no-sales = За цей період замовлень немає.
stats-legend = <i>Нов: нові клієнти · Пок: покупки · Прод: продовження · Проб: пробні періоди. Виторг: покупки й продовження мінус повернення.</i>
stats-export = ⬇️ Експорт CSV
export-started = Готую експорт: клієнти, підписки та журнал операцій у файлах CSV…
export-caption-customers = Клієнти (CSV)
export-caption-subscriptions = Підписки (CSV)
export-caption-ledger = Журнал: усі рухи коштів у гаманцях (CSV)
export-failed = Не вдалося завершити експорт. Спробуйте пізніше.

## Broadcast

admin-broadcast = 📣 Розсилка
broadcast-home = 📣 <b>Розсилка</b>
    Повідомлення всім клієнтам або лише тим, хто має активну підписку. Перед надсиланням ви побачите, як воно виглядає.
    Доступно зараз: { $all ->
        [one] { $all } клієнт
        [few] { $all } клієнти
        [many] { $all } клієнтів
       *[other] { $all } клієнта
    }, з них з активною підпискою: { $active }.
broadcast-new = ✍️ Написати повідомлення
broadcast-unavailable = Розсилка зараз недоступна: обробник, який її надсилає, не запущено.
broadcast-ask = ✍️ Надішліть повідомлення для розсилки: текст або фото з підписом.
    Форматування (жирний шрифт, посилання, …) зберігається. /cancel — скасувати.
broadcast-need-caption = Фото потрібен підпис: надішліть його ще раз із текстом у підписі.
broadcast-text-or-photo = Надішліть текст або фото з підписом.
broadcast-too-long = Задовго: не більше ніж { $max } символів.
broadcast-preview = 👆 Так повідомлення побачать клієнти. Кому його надіслати?
broadcast-audience-all = 👥 Усім клієнтам ({ $count })
broadcast-audience-active = ✅ З активною підпискою ({ $count })
broadcast-cancel = ✖ Скасувати
broadcast-back = « Одержувачі
broadcast-confirm = Надіслати це повідомлення { $audience }: <b>{ $count }</b> { $count ->
        [one] одержувач
        [few] одержувачі
        [many] одержувачів
       *[other] одержувача
    }?
broadcast-confirm-yes = 📣 Надіслати зараз
broadcast-to-all = усім клієнтам
broadcast-to-active = клієнтам з активною підпискою
broadcast-nobody = Зараз у цій групі немає кому надіслати повідомлення.
broadcast-started = 📣 Розсилку розпочато. Повідомлення про перебіг нижче оновлюється під час надсилання.
broadcast-already-started = Цю розсилку вже запущено.
broadcast-expired = Чернетка застаріла. Напишіть повідомлення ще раз.
broadcast-cancelled = Розсилку скасовано, нічого не надіслано.
broadcast-progress = 📣 <b>Розсилка { $audience }</b>
    Надсилання… { $done } з { $total }{ $more }
    ✅ Надіслано: { $sent } · ⚠️ Помилки: { $failed } · 🚫 Заблокували: { $blocked }
broadcast-progress-queuing = (ще додається до черги)
broadcast-done = ✅ <b>Розсилку { $audience } завершено</b>
    { $total ->
        [one] { $total } одержувач
        [few] { $total } одержувачі
        [many] { $total } одержувачів
       *[other] { $total } одержувача
    }: ✅ надіслано { $sent } · ⚠️ помилки { $failed } · 🚫 заблокували бота { $blocked }
    Пропущено (заблокували раніше): { $skipped }
broadcast-stop = ⏹ Зупинити
broadcast-stop-stopping = ⏹ Зупиняю: більше нічого не надсилається; підсумок з'явиться в повідомленні про перебіг вище.
broadcast-stop-already = Цю розсилку вже зупиняють.
broadcast-stop-finished = Цю розсилку вже завершено.
broadcast-stop-unknown = Ця розсилка більше не відома.
broadcast-stopping =
    ⏹ <b>Зупинка розсилки { $audience }</b>
    ✅ Надіслано: { $sent } · ⚠️ Помилки: { $failed } · 🚫 Заблокували: { $blocked }
    Знімаю з черги решту повідомлень…
broadcast-stopped =
    ⏹ <b>Розсилку { $audience } зупинено</b>
    ✅ надіслано { $sent } · ⚠️ помилки { $failed } · 🚫 заблокували бота { $blocked }
    Не надіслано (знято з черги): { $cancelled }

## Stars refunds

stars-refund-button = ↩️ Повернути оплату зірками
stars-refund-confirm =
    ↩️ Повернути <b>{ $amount }</b> клієнту <code>{ ID($customer) }</code> через Telegram за замовлення <code>{ $order }</code>?
    Та сама сума списується з гаманця клієнта (зараз там { $balance }), куди надійшли кошти за невиконане замовлення.
stars-refund-yes = Так, повернути { $amount }
stars-refund-done = ✅ { $amount } повернуто клієнту <code>{ ID($customer) }</code> через Telegram.
stars-refund-spent = Клієнт уже витратив повернені кошти з гаманця (баланс { $balance }), тому повернути { $amount } неможливо.
stars-refund-already = Цей платіж уже повернуто.
stars-refund-failed = Telegram відмовив у поверненні: { $error }. Кошти залишаються на гаманці клієнта; можна спробувати ще раз.
stars-refund-none = Це замовлення оплачено не рахунком у зірках Telegram, тож повертати нічого.
stars-refund-used = Це підтвердження вже використано або воно застаріло.
stars-refund-unclear = Telegram не дав чіткої відповіді, тож повернення, можливо, вже відбулося. { $amount } залишаються списаними з гаманця клієнта; спробуйте ще раз: Telegram ніколи не повертає той самий платіж двічі.

## Node (admin section for the master node)

admin-node = 🛰 Нода
node-not-configured =
    🛰 <b>Нода</b>
    Жодну ноду не підключено. Щоб керувати тут майстер-нодою, задайте в оточенні бота:
    • <code>NODE_API_URL</code>: адреса API ноди, наприклад <code>https://node.example:8443</code>
    • <code>NODE_API_TOKEN</code>: токен API ноди (файл api_token.txt; на ноді його показує <code>vpn api token</code>)
    • <code>NODE_API_CERT_SHA256</code>: відбиток SHA-256 самопідписаного сертифіката ноди (рекомендовано)
    Потім перезапустіть бота.
node-back-home = « До ноди
node-back-clients = « До клієнтів
node-back-name = « До назви
node-back-peers = « До пірів
node-back-fed = « До федерації
node-limit-not-set = не задано
node-limit-zero-gb = 0 ГБ
node-already-done = Це вже зроблено (кнопку натиснули двічі).
node-confirm-expired = Підтвердження застаріло. Почніть спочатку.
node-error-unauthorized = 🔑 Нода відхилила токен API. Перевірте <code>NODE_API_TOKEN</code>: він має збігатися з api_token.txt на ноді (його показує <code>vpn api token</code>), потім перезапустіть бота.
node-error-unreachable = ⏳ Нода не відповіла. Перевірте, що її API запущено (<code>vpn api status</code>) і що <code>NODE_API_URL</code> правильний, потім спробуйте ще раз.
node-error-certificate = 🔒 TLS-сертифікат ноди не збігається з <code>NODE_API_CERT_SHA256</code>. Якщо сертифікат ноди перевипущено, задайте новий відбиток і перезапустіть бота.
node-error-cert-presented = Нода пред'являє: <code>{ $fingerprint }</code>
node-error-cert-self-signed =
    🔒 Сертифікат ноди самопідписаний, тож без закріплення його не перевірити. Якщо це сертифікат вашої ноди, вкажіть його відбиток у <code>NODE_API_CERT_SHA256</code> і перезапустіть бота:
    <code>{ $fingerprint }</code>
node-error-cert-untrusted =
    🔒 TLS-сертифікат ноди не пройшов перевірку ({ $reason }). Якщо це сертифікат вашої ноди, вкажіть його відбиток у <code>NODE_API_CERT_SHA256</code> і перезапустіть бота:
    <code>{ $fingerprint }</code>
node-error-user-not-found = На ноді немає клієнта з таким ім'ям: можливо, його видалили або перейменували.
node-error-exists = Клієнт із таким ім'ям на ноді вже є. Виберіть інше ім'я.
node-error-bad-name = Нода відхилила ім'я: воно має містити від 1 до 64 символів з A-Z a-z 0-9 _ . @ -.
node-error-bad-days = Нода відхилила кількість днів: надішліть ціле число, не менше 1.
node-error-internal = На ноді сталася внутрішня помилка. Подробиці — в logs.txt на ноді (див. «Журнал»); спробуйте ще раз.
node-error-not-found = На ноді не знайдено: можливо, це вже видалено.
node-health-up = API: ✅ працює
node-health-down = API: ⚠️ перевірка стану не відповіла
node-home-title = 🛰 <b>Нода { $name }</b>
node-home-domain = Домен: { $domain }
node-home-ports = Порти: API { ID($api) } · підписка { ID($sub) } · WS { ID($ws) } · Reality { ID($reality) }
node-home-clients = { $total ->
    [one] { $total } клієнт
    [few] { $total } клієнти
    [many] { $total } клієнтів
   *[other] { $total } клієнта
}: активних { $active }, заблокованих { $banned }
node-home-peers = Піри: { $count }
node-home-federation-on = Федерація: 🔗 увімкнена
node-home-federation-on-url = Федерація: 🔗 увімкнена, майстер <code>{ $url }</code>
node-home-federation-off = Федерація: вимкнена
node-btn-clients = 👥 Клієнти
node-btn-name = 🏷 Назва
node-btn-peers = 🔗 Піри
node-btn-federation = 🌐 Федерація
node-btn-backups = 💾 Бекапи
node-btn-traffic = 📊 Трафік
node-btn-logs = 📜 Журнал
node-clients-title = 👥 <b>Клієнти ноди</b>
node-clients-summary = { $count ->
    [one] { $count } клієнт
    [few] { $count } клієнти
    [many] { $count } клієнтів
   *[other] { $count } клієнта
} · сторінка { $page } з { $pages }
node-clients-empty = Клієнтів поки немає. Натисніть «Створити клієнта», щоб додати першого.
node-clients-line = { $mark }<b>{ $name }</b> — { $expiry }
node-client-until = до { $date } ({ $days ->
    [one] залишився { $days } день
    [few] залишилося { $days } дні
    [many] залишилося { $days } днів
   *[other] залишилося { $days } дня
})
node-client-expired = ⌛ закінчився { $date }
node-page-prev = ‹ Назад
node-page-next = Далі ›
node-client-create = ➕ Створити клієнта
node-card-title = 👤 <b>{ $name }</b>
node-card-status = Статус: { $status }
node-status-active = ✅ активний
node-status-expired = ⌛ строк закінчився
node-status-banned = 🚫 заблокований
node-status-banned-reason = 🚫 заблокований ({ $reason })
node-card-uuid = UUID: <code>{ $uuid }</code>
node-card-expiry = Діє до: { $date } ({ $days ->
    [one] залишився { $days } день
    [few] залишилося { $days } дні
    [many] залишилося { $days } днів
   *[other] залишилося { $days } дня
})
node-card-limits = Ліміт трафіку: { $traffic } · Пристроїв: { $devices }
node-card-link = Посилання VLESS:
node-btn-qr = 🔳 QR-код
node-btn-renew = 📅 Продовжити
node-btn-limits = 📦 Ліміти
node-btn-rename = ✏️ Перейменувати
node-btn-ban = 🚫 Заблокувати
node-btn-unban = ✅ Розблокувати
node-btn-delete = 🗑 Видалити
node-open-client = 👤 Відкрити клієнта
node-qr-caption = Посилання VLESS клієнта { $name }
node-delete-confirm = 🗑 Видалити клієнта <b>{ $name }</b> з ноди? Його посилання одразу перестане працювати; скасувати це неможливо.
node-delete-yes = 🗑 Так, видалити
node-deleted = 🗑 Клієнта <b>{ $name }</b> видалено.
node-unbanned = ✅ <b>{ $name }</b> розблоковано: знову в конфігураціях і підписках.
node-banned = 🚫 <b>{ $name }</b> заблоковано: прибрано з конфігурацій і підписок, запис збережено.
node-banned-reason = 🚫 <b>{ $name }</b> заблоковано (причина: { $reason }): прибрано з конфігурацій і підписок, запис збережено.
node-ask-client-name = ➕ <b>Новий клієнт</b>. Надішліть ім'я клієнта: від 1 до 64 символів з A-Z a-z 0-9 _ . @ -
node-name-invalid = Ім'я має містити від 1 до 64 символів з A-Z a-z 0-9 _ . @ - (без пробілів). Надішліть інше.
node-rename-same = Це поточне ім'я. Надішліть інше.
node-ask-create-days = Строк у <b>днях</b>, не менше 1, наприклад 30.
node-days-invalid = Надішліть ціле число днів, не менше 1, наприклад 30.
node-ask-create-gb = Ліміт трафіку в <b>ГБ</b>, наприклад 50 або 2.5, або <code>-</code>, щоб не задавати (тоді ліміт на ноду не надсилається).
node-ask-create-devices = Ліміт пристроїв, ціле число, або <code>-</code>, щоб не задавати (тоді ліміт на ноду не надсилається).
node-gb-invalid = Надішліть кількість ГБ, 0 або більше, наприклад 50 або 2.5.
node-gb-invalid-optional = Надішліть кількість ГБ, 0 або більше, наприклад 50 або 2.5, або -, щоб не задавати.
node-devices-invalid = Надішліть ціле число пристроїв, 0 або більше.
node-devices-invalid-optional = Надішліть ціле число пристроїв, 0 або більше, або -, щоб не задавати.
node-created = ✅ Клієнта <b>{ $name }</b> створено на ноді.
node-ask-renew = 📅 Продовження <b>{ $name }</b>: надішліть N — кількість днів. До поточної дати закінчення додасться N днів (до сьогоднішньої, якщо строк уже минув).
node-renewed = ✅ Додано { $days ->
    [one] { $days } день
    [few] { $days } дні
    [many] { $days } днів
   *[other] { $days } дня
} для <b>{ $name }</b>: було до { $from }, тепер до { $to } ({ $left ->
    [one] залишився { $left } день
    [few] залишилося { $left } дні
    [many] залишилося { $left } днів
   *[other] залишилося { $left } дня
}).
node-renew-again = 🔁 Спробувати ще раз
node-renew-retry-hint = Продовження — до { $to }. «Спробувати ще раз» спершу зчитує клієнта й додає лише дні, яких бракує, тож двічі нічого не додасться.
node-renew-in-doubt = ⏳ Попереднє продовження <b>{ $name }</b> менше хвилини тому залишилося без відповіді й ще може бути застосоване нодою, тому зараз нічого не надіслано. Натисніть «Спробувати ще раз» за хвилину: продовження до { $to } додасть лише те, чого бракує.
node-renew-busy = ⏳ Продовження <b>{ $name }</b> саме триває. Зачекайте трохи, потім натисніть «Спробувати ще раз» або відкрийте клієнта.
node-renewed-to = ✅ <b>{ $name }</b> діє до { $to } ({ $left ->
    [one] залишився { $left } день
    [few] залишилося { $left } дні
    [many] залишилося { $left } днів
   *[other] залишилося { $left } дня
}).
node-ask-limit-gb = 📦 Новий ліміт трафіку <b>{ $name }</b> у <b>ГБ</b>, наприклад 50 або 2.5. API ноди не визначає, що означає ліміт 0: його буде надіслано як є.
node-ask-limit-devices = Ліміт пристроїв, ціле число.
node-limits-set = ✅ Ліміти <b>{ $name }</b>: трафік { $traffic } · пристроїв { $devices }.
node-ask-rename = ✏️ Нове ім'я для <b>{ $name }</b>: від 1 до 64 символів з A-Z a-z 0-9 _ . @ -
node-renamed = ✅ <b>{ $old }</b> тепер називається <b>{ $name }</b>.
node-ask-ban-reason = 🚫 Блокування <b>{ $name }</b>: надішліть причину (збережеться на ноді) або <code>-</code>, якщо без причини.
node-reason-too-long = Причина задовга: не більше ніж 200 символів.
node-name-view =
    🏷 <b>Назва ноди</b>
    Поточна назва: <b>{ $name }</b>
    Вона є в мітках посилань VLESS (наприклад, <code>{ $name }-ws</code>).
node-name-change = ✏️ Змінити назву
node-ask-node-name = 🏷 Надішліть нову назву ноди (назву локації, до 64 символів). Нові посилання матимуть її в мітках.
node-node-name-invalid = Назва ноди має містити від 1 до 64 символів в одному рядку. Надішліть іншу.
node-name-set = ✅ Нода тепер називається <b>{ $name }</b>. Посилання перебудовано з новою міткою.
node-peers-title = 🔗 <b>Піри спільної підписки</b>: { $count ->
    [one] { $count } пір
    [few] { $count } піри
    [many] { $count } пірів
   *[other] { $count } піра
}
node-peers-empty = Пірів поки немає.
node-peers-line =
    • <b>{ $name }</b>
    <code>{ $url }</code>
node-peers-hint = URL піра містить заповнювач <code>{ "{uuid}" }</code>, замість якого майстер підставляє UUID клієнта, і закінчується на <code>/local</code> (лише власні посилання піра; інші URL не приймаються), наприклад <code>https://node2.example:2096/sub/{ "{uuid}" }/local</code>.
node-peer-add = ➕ Додати пір
node-peer-delete = 🗑 { $name }
node-ask-peer-name = 🔗 <b>Новий пір</b>. Надішліть його ім'я: від 1 до 64 символів з A-Z a-z 0-9 _ . @ -
node-peer-name-invalid = Ім'я піра має містити від 1 до 64 символів з A-Z a-z 0-9 _ . @ -. Надішліть інше.
node-ask-peer-url = Надішліть URL підписки <b>{ $name }</b>. Він має містити <code>{ "{uuid}" }</code> і вести лише на власні посилання піра: для посилань окремої ноди він закінчується на <code>/local</code>, наприклад <code>https://node2.example:2096/sub/{ "{uuid}" }/local</code>. Інші URL не приймаються (майстер збирав би підписки рекурсивно).
node-peer-url-no-uuid = URL має містити заповнювач <code>{ "{uuid}" }</code> (туди майстер підставляє UUID клієнта). Надішліть ще раз.
node-peer-url-invalid = Це не URL http(s). Надішліть ще раз, наприклад <code>https://node2.example:2096/sub/{ "{uuid}" }/local</code>.
node-peer-added = ✅ Пір <b>{ $name }</b> збережено:
    <code>{ $url }</code>
node-peer-url-not-local = URL не закінчується на <code>/local</code> після <code>{ "{uuid}" }</code>: пір має віддавати лише власні посилання, інакше майстер збиратиме підписки рекурсивно. Надішліть ще раз, наприклад <code>https://node2.example:2096/sub/{ "{uuid}" }/local</code>.
node-peer-delete-confirm = 🗑 Прибрати пір <b>{ $name }</b> зі спільної підписки? Його посилань більше не буде в підписках клієнтів.
node-peer-delete-yes = 🗑 Так, прибрати
node-peer-deleted = 🗑 Пір <b>{ $name }</b> прибрано.
node-fed-view =
    🌐 <b>Федерація (майстер)</b>
    API майстра: <code>{ $url }</code>
    Токен: <code>{ $token }</code>
    Нода отримує користувачів від цього майстра.
node-fed-none =
    🌐 <b>Федерація (майстер)</b>
    Майстра не задано: нода має власну базу користувачів.
node-fed-set = 🔗 Задати майстра
node-fed-remove = ✖ Прибрати майстра
node-ask-fed-url = 🌐 Надішліть адресу API майстра, що закінчується на <code>/api</code>, наприклад <code>https://master.example:8443/api</code>.
node-fed-url-invalid = Адреса має бути URL http(s), що закінчується на <code>/api</code>, наприклад <code>https://master.example:8443/api</code>. Надішліть ще раз.
node-ask-fed-token = 🔑 Надішліть токен API майстра для <code>{ $url }</code>. Повідомлення буде видалено одразу після прочитання, а бот токен не зберігає.
node-fed-token-invalid = Токен — це одне слово без пробілів. Надішліть ще раз.
node-fed-saved = ✅ Майстра збережено: <code>{ $url }</code> (токен <code>{ $token }</code>). Тепер нода отримує користувачів від майстра.
node-fed-remove-confirm = ✖ Прибрати майстра? Нода перестане отримувати від нього користувачів.
node-fed-remove-yes = ✖ Так, прибрати
node-fed-removed = ✅ Майстра прибрано.
node-backups-title = 💾 <b>Бекапи</b>: { $count ->
    [one] { $count } бекап
    [few] { $count } бекапи
    [many] { $count } бекапів
   *[other] { $count } бекапа
}
node-backups-empty = Бекапів поки немає.
node-backups-older = …і ще { $count ->
    [one] { $count } старіший
    [few] { $count } старіші
    [many] { $count } старіших
   *[other] { $count } старішого
}
node-backup-line = • { $text }
node-backup-line-name = • { $name }
node-backup-create = ➕ Створити бекап
node-backup-created = ✅ Бекап створено (користувачі, токени, піри, налаштування TLS і Reality).
node-traffic-title = 📊 <b>Трафік за клієнтами</b>: перші { $shown } з { $count }
node-traffic-empty = Лічильників трафіку поки немає.
node-traffic-line = { $n }. <b>{ $name }</b> — ↑ { $up } · ↓ { $down } · Σ { $total }
node-logs-title = 📜 <b>Журнал ноди</b>: { $count ->
    [one] останній { $count } запис
    [few] останні { $count } записи
    [many] останні { $count } записів
   *[other] останні { $count } запису
}
node-logs-trimmed = (старіші записи не вмістилися в одне повідомлення)
node-logs-empty = Журнал порожній.

## Admin: panel and federation (multi-location clients)

admin-panel = 🧩 Панель
panel-title = 🧩 <b>Панель</b>
panel-not-configured =
    🧩 <b>Панель</b>

    Панель не підключено. Задайте <code>PANEL_API_URL</code> (адресу головної панелі) і <code>PANEL_API_TOKEN</code> (її API-токен) в оточенні бота, потім перезапустіть бота.
panel-locations = <b>Локації</b>
panel-location-line = { $mark } { $location } — { $clients ->
    [one] { $clients } клієнт
    [few] { $clients } клієнти
    [many] { $clients } клієнтів
   *[other] { $clients } клієнта
}
panel-offline = (не в мережі)
panel-no-federation = Підключених панелей немає (федерацію не налаштовано).
panel-federation-failed = ⚠️ Не вдалося прочитати підключені панелі: { $error }
panel-inbounds-title = <b>Інбаунди головної панелі</b>
panel-inbounds-empty = На панелі немає інбаундів.
panel-inbounds-failed = ⚠️ Не вдалося прочитати інбаунди: { $error }
panel-inbound-line = <b>#{ ID($id) }</b> { $remark } · { $protocol } · { $network } · порт { $port } · { $clients ->
    [one] { $clients } клієнт
    [few] { $clients } клієнти
    [many] { $clients } клієнтів
   *[other] { $clients } клієнта
}
panel-btn-clients = 👥 Клієнти
panel-btn-new = ➕ Новий клієнт на кількох локаціях
panel-back-home = « До панелі
panel-back-list = « До клієнтів
panel-loc-main = головна панель
panel-loc-node = { $name } (#{ ID($id) })
panel-loc-node-id = нода #{ ID($id) }
panel-error-unauthorized = 🔑 Панель не прийняла API-токен (401). Перевірте <code>PANEL_API_TOKEN</code> в оточенні бота й перезапустіть бота.
panel-error-location-unreachable = 📡 Локація { $location } недоступна з головної панелі (502). Перевірте, що підключена панель у мережі, і спробуйте ще раз.
panel-error-unknown-node = ❓ Головна панель не знає локації <code>{ $node }</code> (невідомий node_id, 404), тому неможливо сказати, чи є там клієнт. Перевірте федерацію: клієнт може й досі бути на тій панелі.
panel-error-unreachable = ⏳ Панель не відповіла. Перевірте <code>PANEL_API_URL</code> і те, що панель працює, потім спробуйте ще раз.
panel-unlimited = без обмежень
panel-none = немає
panel-no-expiry = безстроково
panel-until = до { $date }
panel-expired-on = ⌛ закінчився { $date }
panel-used-of = { $used } / { $limit }
panel-list-title = 👥 <b>Клієнти головної панелі</b>
panel-list-summary = { $count ->
    [one] { $count } клієнт
    [few] { $count } клієнти
    [many] { $count } клієнтів
   *[other] { $count } клієнта
} · сторінка { $page } з { $pages }
panel-list-empty = Клієнтів поки немає. Натисніть «Новий клієнт на кількох локаціях», щоб додати.
panel-list-line = <b>{ $name }</b> — { $expiry } · 📶 { $traffic } · 📱 { $devices }
panel-page-prev = ‹ Назад
panel-page-next = Далі ›
panel-card-title = 🧩 <b>{ $name }</b>
panel-card-uuid = UUID: <code>{ $uuid }</code>
panel-card-expiry = Строк: { $expiry }
panel-card-traffic = Трафік: { $traffic }
panel-card-devices = Пристрої: { $devices }
panel-card-inbounds = Id інбаундів: { $ids }
panel-card-channels = Канали: { $channels }
panel-card-wg = WireGuard: { $wg }
panel-wg-on = увімкнено
panel-wg-off = вимкнено
panel-wg-unknown = немає даних
panel-card-sub =
    🔗 Посилання підписки (натисніть, щоб скопіювати):
    <code>{ $url }</code>
panel-card-no-sub = Панель не видала посилання підписки для цього клієнта.
panel-btn-extend = ➕ Продовжити
panel-btn-term = 📅 Задати строк
panel-btn-limits = 📦 Ліміти
panel-btn-qr = 🔳 QR-код
panel-btn-delete = 🗑 Видалити
panel-btn-retry = 🔁 Спробувати ще раз
panel-open-card = 🧩 Відкрити клієнта
panel-qr-caption = QR-код посилання підписки { $name }
panel-row-done = • { $location }: ✅ { $detail }
panel-row-now = • { $location }: зараз { $detail }
panel-row-absent = • { $location }: — на цій локації немає
panel-row-failed = • { $location }: ❌ { $error }
panel-row-deleted = • { $location }: 🗑 видалено
panel-row-limits = трафік { $traffic } · пристрої { $devices }
panel-row-term-differs = ⚠️ Підсумковий строк на { $location } відрізняється від потрібного: відкрийте клієнта й перевірте.
panel-nowhere = Цього клієнта не знайдено на жодній локації.
panel-some-failed = ⚠️ Змінено не всі локації. Натисніть «Спробувати ще раз», щоб повторити зміну.
panel-ask-extend = ➕ Скільки днів <b>додати</b> до залишку строку <b>{ $name }</b>? Їх буде додано до поточної дати закінчення (або до сьогоднішньої, якщо строк уже минув) на кожній локації, де є клієнт. Надішліть ціле число, наприклад 30.
panel-days-invalid = Надішліть ціле число днів, не менше 1, наприклад 30.
panel-extend-confirm = ➕ Додати { $days ->
    [one] { $days } день
    [few] { $days } дні
    [many] { $days } днів
   *[other] { $days } дня
} до залишку строку <b>{ $name }</b>. Поточні строки:
panel-extend-target = Нова дата закінчення на всіх локаціях: <b>{ $date }</b>. Її надсилають саме як цю дату, тож повторне натискання кнопки не додасть дні двічі.
panel-extend-unread = Локації, які не вдалося прочитати, буде перевірено ще раз, коли ви підтвердите.
panel-extend-yes = ✅ Продовжити
panel-extend-stale = Це підтвердження застаріло (його дата вже минула). Натисніть «Продовжити» ще раз.
panel-extend-overtaken = Строк уже закінчується пізніше за цю дату (після показу цього підтвердження відбулося продовження), тому нічого не змінено: інакше ці дні було б втрачено. Натисніть «Продовжити» ще раз, щоб додати дні.
panel-extended = ✅ <b>{ $name }</b>: строк до { $date } на всіх локаціях, де є клієнт. Підсумкові строки:
panel-ask-term = 📅 Новий строк для <b>{ $name }</b>: надішліть N — кількість днів <b>від сьогодні</b>, наприклад 30. Це замінить поточну дату закінчення на всіх локаціях; залишок строку не зберігається.
panel-term-set = ✅ Новий строк <b>{ $name }</b>: { $days ->
    [one] { $days } день
    [few] { $days } дні
    [many] { $days } днів
   *[other] { $days } дня
} від сьогодні. Підсумкові строки:
panel-ask-limit-gb = 📦 Надішліть ліміт трафіку <b>{ $name }</b> у <b>ГБ</b>, наприклад 50 або 2.5 (<code>0</code> — без обмежень).
panel-ask-limit-devices = 📱 Надішліть ліміт пристроїв <b>{ $name }</b>, ціле число (<code>0</code> — без обмежень).
panel-gb-invalid = Надішліть кількість ГБ, 0 або більше (0 — без обмежень), наприклад 50 або 2.5.
panel-devices-invalid = Надішліть ціле число пристроїв, 0 або більше (0 — без обмежень), наприклад 3.
panel-limits-set = ✅ Нові ліміти <b>{ $name }</b>:
panel-delete-confirm =
    🗑 Видалити <b>{ $name }</b> на всіх локаціях, де він є?

    Його підписка перестане працювати. Скасувати це неможливо.
panel-delete-yes = 🗑 Так, видалити всюди
panel-deleted-title = 🗑 <b>{ $name }</b>:
panel-delete-some-failed = ⚠️ На деяких локаціях клієнт залишився. Натисніть «Спробувати ще раз», щоб видалити його там.
panel-delete-already = Видалення вже виконано (кнопку натиснули більше ніж один раз).
panel-delete-expired = Це підтвердження застаріло. Відкрийте клієнта знову, щоб видалити його.
panel-ask-name = ➕ <b>Новий клієнт на кількох локаціях</b>: надішліть його ім'я (від 1 до 64 латинських літер, цифр і _ . @ -). Воно однакове на всіх локаціях.
panel-name-invalid = Ім'я має містити від 1 до 64 латинських літер, цифр і _ . @ - (без пробілів).
panel-pick-locations = 📍 Виберіть локації для <b>{ $name }</b> (натискання вмикає або вимикає), потім натисніть «Продовжити».
panel-pick-go = ➡️ Продовжити
panel-pick-none = Виберіть хоча б одну локацію.
panel-pick-use-buttons = Виберіть локації кнопками вище або натисніть «Скасувати».
panel-pick-outdated = Цей діалог уже завершився. Почніть заново з розділу «Панель».
panel-ask-inbounds = 📡 Id інбаундів на <b>{ $location }</b> через кому, наприклад <code>1, 2</code>:
panel-pick-inbound-line = <code>{ $id }</code> — { $remark } · { $protocol } · порт { $port }
panel-inbounds-remote = (id власних інбаундів локації { $location }; їх перевіряє та панель)
panel-inbounds-unread = ⚠️ Не вдалося прочитати інбаунди ({ $error }); усе одно введіть їхні id.
panel-inbounds-invalid = Надішліть один або кілька id інбаундів через кому, наприклад <code>1, 2</code>.
panel-inbounds-unknown = На локації { $location } немає інбаунду { $ids }. Її інбаунди: { $known }.
panel-inbound-from-catalog = з каталогу
panel-inbounds-tap = Позначте потрібні інбаунди й натисніть «Продовжити» — або введіть їхні id.
panel-inbounds-none = Виберіть хоча б один інбаунд або введіть id.
panel-create-summary = 🧾 <b>Створити клієнта { $name }?</b>
panel-create-summary-row = • { $location }: інбаунди { $inbounds }
panel-create-summary-term = Строк: { $days ->
        [one] { $days } день
        [few] { $days } дні
        [many] { $days } днів
       *[other] { $days } дня
    }, до { $date }
panel-create-summary-limits = Трафік: { $traffic } · Пристроїв: { $devices }
panel-create-yes = ✅ Створити
panel-create-use-buttons = Натисніть «Створити» або «Скасувати» вище.
panel-ask-days = 📅 Строк у <b>днях від сьогодні</b>, наприклад 30.
panel-ask-gb = 📦 Ліміт трафіку в <b>ГБ</b>, наприклад 50 або 2.5. Надішліть <code>0</code>, щоб не обмежувати.
panel-ask-devices = 📱 Ліміт пристроїв, ціле число. Надішліть <code>0</code>, щоб не обмежувати.
panel-created = ✅ Клієнта <b>{ $name }</b> створено на всіх вибраних локаціях.
panel-created-partly = ⚠️ Клієнта <b>{ $name }</b> створено ще не на всіх вибраних локаціях.
panel-created-terms = Строк: до { $date } · Трафік: { $traffic } · Пристрої: { $devices }
panel-create-row-created = • { $location } (інбаунди { $inbounds }): ✅ створено
panel-create-row-exists = • { $location } (інбаунди { $inbounds }): ✅ уже є
panel-create-row-failed = • { $location } (інбаунди { $inbounds }): ❌ { $error }
panel-create-taken = там уже є інший клієнт з ім'ям <b>{ $name }</b> (з іншим UUID).
panel-create-not-atomic = Створення на кількох локаціях не атомарне. Натисніть «Створити на решті локацій», щоб створити клієнта лише там, де його ще немає.
panel-btn-complete = 🔁 Створити на решті локацій
panel-create-plan-gone = Це створення застаріле, його вже не завершити. Створіть клієнта заново.

## Catalog

admin-catalog = 📦 Каталог
catalog-title = 📦 <b>Каталог</b> · { $currency } · { $count ->
    [one] { $count } тариф
    [few] { $count } тарифи
    [many] { $count } тарифів
   *[other] { $count } тарифу
  }
catalog-plan = • <b>{ $title }</b> (<code>{ $id }</code>): { $price } · { $days } дн. · трафік { $traffic } · пристроїв { $devices }
    { $backend }
catalog-backend-xui = сервери xui { $servers }
catalog-backend-panel = локації панелі { $locations }
catalog-backend-node = майстер-нода
catalog-trial = 🎁 Пробний період: { $days } дн., { $traffic }, на тарифі { $plan }
catalog-no-trial = Пробний період не пропонується.
catalog-file = Файл: <code>{ $file }</code>
catalog-reload = 🔄 Перечитати файл
catalog-reloaded = ✅ Перечитано: у продажу { $count ->
    [one] { $count } тариф
    [few] { $count } тарифи
    [many] { $count } тарифів
   *[other] { $count } тарифу
  }.
catalog-reload-failed = ⚠️ Файл не завантажено; у продажу залишаються тарифи нижче. Причина: { $error }
catalog-off-sale-title = ⛔ <b>Не в продажу</b>: для їхнього бекенда не задано налаштувань, тож видати за ними доступ неможливо (див. .env.example).
catalog-off-sale-plan = • <b>{ $title }</b> (<code>{ $id }</code>): потрібні { $settings }
catalog-off-sale-trial = 🎁 Пробний період вимкнено: його тариф <code>{ $plan }</code> не в продажу.

## Customer cabinet (Mini App): the page's strings (webapp-*) and the buttons that open it
menu-cabinet = 📱 Особистий кабінет
webapp-menu-button = Мій VPN
webapp-title = Мій VPN
webapp-open-in-telegram = Відкрийте цю сторінку з бота в Telegram (кнопка «Особистий кабінет»).
webapp-session-expired = Сеанс завершився: закрийте кабінет і відкрийте його знову з бота.
webapp-blocked = Ваш акаунт заблоковано. Зверніться до магазину.
webapp-error = Щось пішло не так. Спробуйте ще раз.
webapp-tab-subscriptions = Підписки
webapp-tab-buy = Купити
webapp-tab-wallet = Гаманець
webapp-traffic = Трафік
webapp-devices = Пристрої
webapp-locations = Локації
webapp-usage-title = Використання за останні 30 днів
webapp-usage-none = Даних про використання поки немає.
webapp-connect = Підключити
webapp-hide = Сховати
webapp-renew = Продовжити
webapp-subscription-url = Посилання підписки
webapp-links = Посилання
webapp-copy = Копіювати
webapp-copied = Скопійовано
webapp-qr-hint = Відскануйте QR-код у VPN-застосунку.
webapp-howto-title = Як підключитися
webapp-howto = Установіть один із застосунків і натисніть «Додати в застосунок» або скопіюйте посилання підписки та імпортуйте його з буфера обміну (➕ → Імпорт з буфера обміну).
webapp-open-in-app = Додати в застосунок
webapp-get-app = Завантажити застосунок
webapp-platform-android = Android
webapp-platform-ios = iPhone та iPad
webapp-platform-windows = Windows
webapp-platform-macos = macOS
webapp-platform-linux = Linux
webapp-plans-title = Тарифи
webapp-buy = Купити
webapp-pay-wallet = Оплатити з балансу
webapp-pay-invoice = Оплатити рахунком
webapp-insufficient = Балансу не вистачає: оплатіть рахунком.
webapp-refused = Зараз це неможливо купити чи продовжити.
webapp-undeliverable = Зараз магазин не може це надати, тому нічого не списано. Спробуйте пізніше.
webapp-order-awaiting = Чекаємо на оплату…
webapp-order-paid = Оплату отримано: налаштовуємо доступ…
webapp-order-active = ✅ Готово: доступ налаштовано.
webapp-order-failed = Замовлення не виконано: кошти повернулися на ваш гаманець.
webapp-order-closed = Замовлення закрито без оплати.
webapp-balance = Баланс
webapp-topup-title = Поповнити
webapp-history-title = Історія
webapp-history-empty = Операцій поки немає.
webapp-prev = ‹ Новіші
webapp-next = Старіші ›
webapp-days-left = { $days ->
    [one] залишився { $days } день
    [few] залишилося { $days } дні
    [many] залишилося { $days } днів
   *[other] залишилося { $days } дня
  }
webapp-until = до { $date }
webapp-traffic-of = { $used } з { $limit }
webapp-traffic-unlimited = Без обмежень, використано { $used }
webapp-traffic-unlimited-unused = Без обмежень, поки нічого не використано
webapp-traffic-unknown = зараз невідомо
webapp-page = { $page } з { $pages }

## Referrals: the customer's invite screen and the admins' section
invite-title =
    <b>🤝 Запросити друзів</b>

    Ваше особисте посилання:
    <code>{ $link }</code>

    { $terms }

    Приєдналися за вашим посиланням: <b>{ $joined }</b>
    З них оплатили: <b>{ $paid }</b>
    Ви заробили: <b>{ $earned }</b>
invite-terms-percent = 💸 Ви отримуєте на гаманець { $percent }% від кожної оплати кожного запрошеного друга.
invite-terms-percent-first = 💸 Ви отримуєте на гаманець { $percent }% від { $payments ->
    [one] першої оплати
    [few] перших { $payments } оплат
    [many] перших { $payments } оплат
   *[other] перших { $payments } оплати
} кожного запрошеного друга.
invite-terms-bonus = 🎁 Ваші друзі отримують { $days ->
    [one] { $days } додатковий день
    [few] { $days } додаткові дні
    [many] { $days } додаткових днів
   *[other] { $days } додаткового дня
} до першої покупки.
invite-off = Запрошення зараз не діють.
invite-qr = 📷 QR-код
invite-qr-caption = Ваше посилання-запрошення: { $link }
invite-welcome = 🤝 Ви прийшли за запрошенням друга.
invite-welcome-bonus = 🤝 Ви прийшли за запрошенням друга: до першої покупки додамо { $days ->
    [one] { $days } додатковий день
    [few] { $days } додаткові дні
    [many] { $days } додаткових днів
   *[other] { $days } додаткового дня
}.
referral-order-days = 🤝 За запрошенням друга: +{ $days ->
    [one] { $days } бонусний день
    [few] { $days } бонусні дні
    [many] { $days } бонусних днів
   *[other] { $days } бонусного дня
} до цієї першої покупки
admin-referrals-title = <b>🤝 Реферальна програма</b>: { $state }
admin-referrals-terms = Каталог: тому, хто запросив, — { $percent }% від кожної оплати · оплат із винагородою на одного друга: { $payments ->
    [0] усі
   *[other] перші { $payments }
} · бонусних днів до першої покупки: { $days }
admin-referrals-no-terms = У каталозі немає розділу <code>referral:</code>, тому запрошення й винагороди не діють.
admin-referrals-top = <b>Найкращі запрошувачі</b> (приєдналися · оплатили · заробили):
admin-referrals-none = Поки що ніхто нічого не заробив на запрошеннях.
admin-referrals-row = { $place }. { $name } (<code>{ $id }</code>): { $joined } · { $paid } · <b>{ $earned }</b>{ $lost }
admin-referrals-lost = , після повернень не вдалося списати { $lost }
admin-referrals-turn-off = ⛔ Вимкнути реферальну програму
admin-referrals-turn-on = ✅ Увімкнути реферальну програму
admin-referrals-now-on = Реферальну програму ввімкнено.
admin-referrals-now-off = Реферальну програму вимкнено: жодних нових запрошень, винагород чи бонусних днів.

## Term changes: an admin's change of a customer's subscription takes its turn

term-change-now = ✅ Строк <b>{ $name }</b> тепер до { $to } (був до { $from }).
term-change-queued = ⏳ Спочатку застосовується оплачене продовження підписки цього клієнта. Ваша зміна <b>{ $name }</b> ({ $mode ->
    [add] { $days ->
        [one] +{ $days } день
        [few] +{ $days } дні
        [many] +{ $days } днів
       *[other] +{ $days } дня
    }
   *[set] строк до дати
}) чекає на нього й застосується одразу після нього; тоді ви отримаєте повідомлення.
term-change-retrying = ⏳ Хостинг не відповів на зміну <b>{ $name }</b>. Вона зберігає свою чергу й буде повторена автоматично (продовження підписки чекають на неї); коли її буде застосовано, ви отримаєте повідомлення.
term-change-refused = ❌ Хостинг відхилив зміну <b>{ $name }</b>: { $reason }. Нічого не змінено.
term-change-overrides = ⚠️ Дата встановлюється поверх { $count ->
    [one] { $count } оплаченого продовження, яке ще застосовується
    [few] { $count } оплачених продовжень, які ще застосовуються
    [many] { $count } оплачених продовжень, які ще застосовуються
   *[other] { $count } оплаченого продовження, яке ще застосовується
} ({ $orders }): { $count ->
    [one] спершу застосується воно, а потім ця дата замінить додані ним дні.
    [few] спершу застосуються вони, а потім ця дата замінить додані ними дні.
    [many] спершу застосуються вони, а потім ця дата замінить додані ними дні.
   *[other] спершу застосуються вони, а потім ця дата замінить додані ними дні.
}
term-change-applied = ✅ Зміну адміністратора для підписки { $subscription } ({ $mode ->
    [add] { $days ->
        [one] +{ $days } день
        [few] +{ $days } дні
        [many] +{ $days } днів
       *[other] +{ $days } дня
    }
   *[set] строк до дати
}) застосовано після попередніх змін: строк тепер до { $expiry }.
term-change-failed = ❌ Зміну адміністратора для підписки { $subscription } не вдалося застосувати: { $reason }. Нічого не змінено.

## Cabinet API limits (issue 23: the Mini App's request budgets)
webapp-rate-limited = Забагато запитів поспіль. Зачекайте кілька секунд і спробуйте ще раз.

## Flood limit (issue 23): the toast answering a button press dropped over the limit
rate-limited-toast = Не так швидко: зачекайте кілька секунд.

## Issue 24, item 6 (second half): server screens and outage notices
my-status-outage = 🔴 не працює: його сервер недоступний
my-outage-note = ⚠️ Сервер цього доступу недоступний з { $since }. Ми вже працюємо над цим і повідомимо, щойно він запрацює; ваші посилання залишаться тими самими.
outage-offline-plans = ⚠️ Ваш VPN зараз не працює: { $count ->
        [one] підписка { $plans } недоступна
        [few] підписки { $plans } недоступні
        [many] підписки { $plans } недоступні
       *[other] підписки { $plans } недоступні
    }. Ми вже працюємо над цим і повідомимо, щойно все запрацює.
outage-offline-plans-at = ⚠️ Ваш VPN зараз не працює: { $count ->
        [one] підписка { $plans } недоступна
        [few] підписки { $plans } недоступні
        [many] підписки { $plans } недоступні
       *[other] підписки { $plans } недоступні
    } ({ $locations }). Ми вже працюємо над цим і повідомимо, щойно все запрацює.
watch-open-server = 🖥 Відкрити сервер
owners-stop-note = Вони залишаться без VPN, доки сервер не запустять знову; після затримки сповіщення (Налаштування) їм повідомлять, що він недоступний, і ще раз — коли він запрацює.
servers-days-left-soon = ⚠️ { $days ->
    [one] залишився { $days } день
    [few] залишилося { $days } дні
    [many] залишилося { $days } днів
   *[other] залишилося { $days } дня
}
settings-cost-learned = { $price }, визначено { $date } за сервером <b>{ $name }</b> (#{ ID($id) }); сповіщення використовує її замість вартості вище
settings-cost-learned-none = поки невідома (бот ще не продовжував сервери)
xui-open-customer = 👤 Клієнт: { $who }

## Plan editor (issue 24, item 7: plans editable from the bot)
plans-button = ✏️ Редагувати тарифи
plans-title = ✏️ <b>Тарифи</b>: { $count ->
    [one] { $count } тариф
    [few] { $count } тарифи
    [many] { $count } тарифів
   *[other] { $count } тарифу
  }. Натисніть на тариф, щоб змінити його. Зміни, зроблені тут, мають пріоритет над файлом каталогу; експортуйте їх, щоб файл збігався з ботом.
plans-line = • <b>{ $title }</b> (<code>{ $id }</code>): { $price } · { $status }{ $edited }
plans-status-on = у продажу
plans-status-retired = знято з продажу
plans-status-unsold = тут не продається (бракує налаштувань)
plans-edited = {" "}· ✏️ змінено в боті
plans-add = ➕ Додати тариф
plans-export = 📄 Експорт у YAML
plans-export-caption = Чинний каталог разом зі змінами, зробленими в боті. Покладіть його замість { $file }, щоб файл збігався з ботом.
plans-to-catalog = « Каталог
plans-back = « Тарифи
plans-gone = Цього тарифу більше немає в каталозі.
plans-card =
    <b>Тариф</b> <code>{ $id }</code> · { $status }
    Назва (en): { $en }
    Назва (ru): { $ru }
    Ціна: { $price }
    Строк: { $days } дн. · трафік { $traffic } · пристрої { $devices }
plans-preview-title = 👁 <b>Як його бачать клієнти:</b>
plans-retired-note = 🚫 Знято з продажу: нові клієнти не можуть його купити; підписки, куплені за ним, і далі продовжуються на його умовах.
plans-edited-note = ✏️ Змінено в боті (версія { $version }); у файлі каталогу своя версія цього тарифу.
plans-edit-price = 💰 Ціна
plans-edit-days = 📅 Дні
plans-edit-title-en = 🇬🇧 Назва (en)
plans-edit-title-ru = 🇷🇺 Назва (ru)
plans-edit-traffic = 📶 Трафік
plans-edit-devices = 📱 Пристрої
plans-retire = 🚫 Зняти з продажу
plans-unretire = ✅ Повернути в продаж
plans-now-retired = 🚫 <code>{ $id }</code> знято з продажу: його більше не продають, а його підписки й далі продовжуються.
plans-now-on-sale = ✅ <code>{ $id }</code> знову в продажу.
plans-ask-price = Надішліть нову ціну в { $currency } (наприклад, 150 або 99.5).
plans-ask-title-en = Надішліть назву англійською (до 64 символів).
plans-ask-title-ru = Надішліть назву російською (до 64 символів).
plans-ask-days = Надішліть строк у днях (ціле число від 1).
plans-ask-traffic = Надішліть трафік у ГБ (0 = без обмежень).
plans-ask-devices = Надішліть кількість пристроїв (0 = без обмежень).
plans-ask-id = Надішліть id нового тарифу: 1–32 символи з a-z, 0-9, _ і -, не зайнятий іншим тарифом.
plans-ask-backend = Сервери якого тарифу він використовує? Надішліть id того тарифу: { $ids }.
plans-invalid-value = Не підходить: надішліть так, як сказано в запитанні.
plans-preview-head = Перевірте тариф і збережіть його.
plans-save = 💾 Зберегти
plans-press-save = Натисніть «Зберегти» або «Скасувати».
plans-saved = ✅ Збережено (версія { $version }).
plans-save-invalid = ⚠️ Не збережено: { $error }
plans-changed-meanwhile = ⚠️ Не збережено: інший адміністратор тим часом змінив цей тариф. Ось який він зараз.
catalog-differ-title = ✏️ <b>Файл і бот розходяться</b> щодо цих тарифів. Діє версія з бота, доки ви не виберете:
catalog-differ-plan = • <code>{ $id }</code>: { $why }
catalog-differ-both = відтоді змінено і в боті, і у файлі
catalog-differ-bot = змінено в боті; у файлі стара версія
catalog-differ-added = додано в боті; у файлі його немає
catalog-use-file = 📄 Взяти з файлу: { $id }
catalog-keep-bot = ✏️ Залишити з бота: { $id }
catalog-took-file = ✅ <code>{ $id }</code>: тепер діє версія з файлу.
catalog-kept-bot = ✅ <code>{ $id }</code>: версія з бота залишається чинною.

## Customer screens (issue 24, items 2-4): the trial's own title, ways on from every screen
command-promo = Ввести промокод
sub-title-trial = Пробний період · { $days ->
    [one] { $days } день
    [few] { $days } дні
    [many] { $days } днів
   *[other] { $days } дня
}, { $traffic }
sub-title-trial-open = Пробний період · { $traffic }
my-trial-buy = 🛒 Обрати тариф
buy-cancelled-renewal = Продовження скасовано. Нічого не списано; строк вашої підписки не змінився.
buy-renewal-back = 🔑 До підписки
webapp-trial-buy = Обрати тариф

## Issue 24, item 1 (sell only what can be delivered): orders the hosting side cannot deliver now
undeliverable-server-short = { $kind ->
    [renewal] Це продовження
   *[other] Цей тариф
} зараз неможливо надати: жоден сервер його локації не оплачено до { $needed }. Нічого не списано. Адміністраторів повідомлено; спробуйте пізніше.
undeliverable-location-down = { $kind ->
    [renewal] Це продовження
   *[other] Цей тариф
} зараз неможливо надати: одна з його локацій недоступна. Нічого не списано. Адміністраторів повідомлено; спробуйте пізніше.
undeliverable-client-gone = Вашого доступу більше немає на сервері, тому продовжити його неможливо. Нічого не списано; купіть новий тариф або зверніться до підтримки.
buy-renewal-moves = 🔁 Сервер, на якому ваш доступ, оплачено не на весь новий строк, тому це продовження перенесе доступ на інший сервер тієї самої локації: ви отримаєте нові посилання, а старі перестануть працювати.
invoice-refused-undeliverable = Це замовлення зараз неможливо виконати, тому нічого не списано. Спробуйте пізніше.
alert-undeliverable-server = ⚠️ Не продано: { $kind ->
    [renewal] продовження
   *[other] покупка
} «{ $plan }» для { $customer }.
    Сервер <b>{ $server }</b> (#{ ID($id) }) оплачено до { $paid }, а строк тривав би до { $needed }. Автопродовження { $auto ->
        [on] увімкнено, але продовжити не вдалося (перевірте баланс)
       *[other] вимкнено
    }. Продовжте сервер, щоб знову продавати.
alert-undeliverable-no-server = ⚠️ Не продано: { $kind ->
    [renewal] продовження
   *[other] покупка
} «{ $plan }» для { $customer }: серед серверів тарифу немає активного сервера xui.
alert-undeliverable-location = ⚠️ Не продано: { $kind ->
    [renewal] продовження
   *[other] покупка
} «{ $plan }» для { $customer }: локацію панелі { $location } не підключено до головної панелі або вона недоступна.
alert-undeliverable-gone = ⚠️ Не продано: продовження «{ $plan }» для { $customer }: його клієнта більше немає на боці хостингу.
alert-extend-server = ⏫ Продовжити сервер
failure-server-short = сервер { $server } (#{ ID($id) }) оплачено лише до { $paid }, тобто раніше за кінець строку { $needed }: продовжте сервер
refund-back-stars = { $amount } повернуто на ваш баланс зірок Telegram
refund-back-split = { $stars } повернуто на ваш баланс зірок Telegram, а { $wallet } — на ваш гаманець
refund-back-wallet = { $amount } повернуто на ваш гаманець
delivery-failed-back = 😔 Не вдалося налаштувати ваш VPN-доступ. { $back }. Адміністраторів повідомлено.
renewal-failed-back = 😔 Не вдалося продовжити «{ $plan }». { $back }. Ваша підписка зберігає поточний строк — до { $date }; адміністраторів повідомлено.
gift-failed-back = 😔 Ваш подарунок ({ $plan }) отримано, але доступ налаштувати не вдалося. { $back }. Адміністраторів повідомлено.
alert-order-stars-back = 💫 { $stars } повернуто на баланс зірок Telegram клієнта.

## Issue 24, part c (money screens and back office): history lines in the customer's words
history-what-paid = { $what } · { $paid }
history-gift = 🎁 Подарунок: { $plan }
history-renewal = Продовження: { $plan }
history-refund = Повернення: { $plan }
history-gift-refund = Повернення за подарунок: { $plan }
history-paid-balance = з балансу
history-paid-stars = оплачено зірками
history-paid-card = оплачено карткою
history-paid-stars-part = оплачено зірками ({ $charge }) і з балансу ({ $rest })
history-paid-card-part = оплачено карткою ({ $charge }) і з балансу ({ $rest })
gift-cancel-confirm = Скасувати подарунок <b>{ $plan }</b>?

{ $amount } повернеться на ваш гаманець, а посилання перестане працювати: той, кому ви його надіслали, уже не зможе отримати подарунок.
gift-cancel-yes = ✖ Так, скасувати й повернути { $amount }
gift-cancel-keep = « Залишити подарунок
customers-order-kind-gift = подарунок
customers-order-kind-gift-for = подарунок для <code>{ $id }</code>
admin-referrals-state-unset = ⚪ не налаштовано
admin-referrals-off-means = Вимкнено: посилання нікого не запрошують, а винагороди й бонусні дні не нараховуються, доки ви знову не ввімкнете програму.
admin-referrals-nobody-yet = За запрошеннями поки ніхто не приєднався: клієнти знаходять своє посилання в розділі 🤝 Запросити друзів.
admin-referrals-nobody = За запрошеннями ніхто не приєднався.
admin-referrals-figures = Приєдналися за запрошенням: <b>{ $joined }</b>, від { $inviters ->
    [one] { $inviters } запрошувача
    [few] { $inviters } запрошувачів
    [many] { $inviters } запрошувачів
   *[other] { $inviters } запрошувача
} · оплатили: <b>{ $paid }</b> · винагороди: <b>{ $earned }</b>
promo-admin-plans-all = 🌐 Усі тарифи
promo-admin-plans-go = ✅ Далі
promo-admin-plans-none = Позначте хоча б один тариф або виберіть 🌐 Усі тарифи.
promo-admin-button-yes = ✅ Так
promo-admin-button-no = ❌ Ні
broadcast-audience-expired = ⌛ Підписка закінчилася
broadcast-audience-never = 🆕 Нічого не купували
broadcast-audience-trial = 🎁 Лише пробний період
broadcast-audience-plan = 📦 { $plan }
broadcast-to-expired = клієнтам, у яких закінчилася підписка
broadcast-to-never = клієнтам, які нічого не купували
broadcast-to-trial = клієнтам, які мали лише пробний період
broadcast-to-plan = клієнтам з активним тарифом «{ $plan }»
broadcast-ask-buttons = 🔗 Додати кнопки-посилання під повідомленням? Надішліть по одній у рядку у форматі <code>Напис - https://посилання</code> (до { $max }) або натисніть ⏭ Без кнопок.
broadcast-no-buttons = ⏭ Без кнопок
broadcast-buttons-invalid = Надішліть кожну кнопку окремим рядком у форматі <code>Напис - https://посилання</code> (посилання https:// або tg://, напис до 64 символів, не більше ніж { $max } кнопок) або натисніть ⏭ Без кнопок.

## Cabinet page (issue 25): the page's own labels (src/webapp/strings.ts lists them)

webapp-tab-more = Ще
webapp-retry = Повторити
webapp-offline = Немає з'єднання. Перевірте інтернет і повторіть.
webapp-cancel = Скасувати
webapp-empty-title = Вітаємо! У вас поки немає VPN.
webapp-empty-trial = Спробуйте безкоштовно або оберіть тариф нижче: доступ прийде за секунди.
webapp-empty-plans = Оберіть тариф нижче: доступ прийде за секунди, з посиланнями та QR-кодом.
webapp-plans-choose = Обрати тариф
webapp-trial-start = Спробувати безкоштовно
webapp-trial-free = Безкоштовно
webapp-trial-used = Ви вже скористалися пробним періодом.
webapp-gift-buy = 🎁 У подарунок
webapp-confirm-term = Строк
webapp-confirm-price = Ціна
webapp-confirm-promo = Промокод
webapp-confirm-balance-after = Баланс після оплати
webapp-confirm-by-invoice = До сплати рахунком
webapp-confirm-gift = 🎁 Подарунок: після оплати ви отримаєте посилання, яке треба надіслати другові.
webapp-order-paying = Оплачуємо з балансу…
webapp-invoice-cancelled = Рахунок не оплачено. Нічого не списано.
webapp-gift-ready = 🎁 Оплачено: посилання на подарунок готове нижче. Надішліть його другові.
webapp-promo-title = Маєте промокод?
webapp-promo-placeholder = ПРОМОКОД
webapp-promo-hint = Введіть його тут до вибору тарифу.
webapp-promo-noted = Код перевіримо під час наступного замовлення й покажемо знижку до оплати.
webapp-usage-peak = найактивніший день
webapp-usage-no-reading = немає даних
webapp-topup-amount = Інша сума
webapp-topup-go = Поповнити
webapp-topup-bounds = Сума від
webapp-topup-invalid = Введіть суму в межах, указаних нижче.
webapp-topup-waiting = Оплачено: чекаємо на надходження коштів…
webapp-topup-done = ✅ Баланс поповнено.
webapp-invite-title = Запросити друзів
webapp-invite-share = Поділитися посиланням
webapp-invite-share-text = Швидкий VPN просто в Telegram: приєднуйся за моїм посиланням.
webapp-gifts-title = Подарунки
webapp-gifts-none = Ви ще не дарували підписок.
webapp-gift-new = Подарувати тариф
webapp-gift-cancel = Скасувати подарунок
webapp-gift-cancel-confirm = Скасувати цей подарунок? Його посилання перестане працювати.
webapp-gift-cancel-yes = Так, скасувати
webapp-gift-not-cancellable = Цей подарунок уже не можна скасувати.
webapp-status-title = Стан сервісу
webapp-status-none = Локацій поки немає: вони з'являться тут, коли у вас буде підписка.
webapp-notices-title = Сповіщення
webapp-notices-none = Сповіщень немає: усе працювало без збоїв.
webapp-language-title = Мова
webapp-support-title = Підтримка
webapp-support-text = Маєте питання чи проблему? Напишіть нам, ми допоможемо.
webapp-support-write = Написати

## Cabinet API (issue 25)
webapp-trial-offer-title = Безкоштовний пробний період
webapp-summary-days-bonus = { $days } + { $bonus ->
    [one] { $bonus } бонусний день
    [few] { $bonus } бонусні дні
    [many] { $bonus } бонусних днів
   *[other] { $bonus } бонусного дня
}
webapp-summary-promo-off = Промокод { $code }: −{ $off }
webapp-summary-percent = { $percent } %
webapp-summary-promo-days = Промокод { $code }: +{ $days ->
    [one] { $days } бонусний день
    [few] { $days } бонусні дні
    [many] { $days } бонусних днів
   *[other] { $days } бонусного дня
}
webapp-gift-state-waiting = Чекає на отримувача, посилання дійсне до { $date }
webapp-gift-state-claimed = Отримано { $date }
webapp-gift-state-cancelled = Скасовано { $date }, гроші повернуто
webapp-gift-state-expired = Термін минув { $date }, гроші повернуто
webapp-gift-refund-text = { $amount } повернеться на баланс
webapp-gift-refunded-text = Подарунок скасовано: { $amount } повернуто на баланс.
webapp-invite-joined-text = { $count ->
    [one] Приєднався { $count } друг
    [few] Приєдналися { $count } друзі
    [many] Приєдналися { $count } друзів
   *[other] Приєдналися { $count } друга
}
webapp-invite-paid-text = { $count ->
    [one] Оплатив { $count }
   *[other] Оплатили { $count }
}
webapp-invite-earned-text = Зароблено: { $amount }
webapp-location-up = Працює
webapp-location-degraded = Можливі збої
webapp-location-down = Не працює
webapp-location-since = з { $date }

## Service status (/status, issue 31)
status-title = 📡 <b>Стан сервісу</b>
status-empty = У вас немає чинної підписки, тож перевіряти поки нічого. Оберіть тариф, щоб почати.
status-line-up = 🟢 <b>{ $name }</b>: працює
status-line-degraded = 🟡 <b>{ $name }</b>: можливі проблеми
status-line-down = 🔴 <b>{ $name }</b>: не працює
status-since = з { $date }
status-checked = перевірено { $ago }
status-checked-never = ще не перевірялося
status-ago-now = щойно
status-ago-minutes = { $n } хв тому
status-ago-hours = { $n } год тому
status-ago-days = { $n } дн. тому
status-notices-title = 🔔 <b>Надіслані вам сповіщення</b>
status-notices-none = Сповіщень немає: усе працювало без збоїв.
status-open = 📡 Стан сервісу

## Issue 26: Maintenance mode
maintenance-closed = 🛠 Магазин закрито на технічне обслуговування.
maintenance-auto-reason = Наш хостинг-провайдер зараз не відповідає. Покупки й продовження відкриються самі, щойно він знову запрацює.
maintenance-until = Очікуємо відкритися: { $date }.
maintenance-still-open = Ваші підписки, їхні посилання та гаманець і далі доступні. Уже зроблені платежі в безпеці: оплачене надійде як завжди.
maintenance-alert = 🛠 Магазин закрито на технічне обслуговування.
maintenance-section = 🛠 Техобслуговування
maintenance-admin-title = 🛠 <b>Техобслуговування</b>
maintenance-admin-open = ✅ Магазин відкритий для клієнтів.
maintenance-admin-closed-manual = 🛠 Закритий для клієнтів з { $since }, { $until }.
maintenance-admin-no-end = доки ви його не відкриєте
maintenance-admin-ends = до { $date } (потім відкриється сам)
maintenance-admin-message = Повідомлення клієнтам: { $message }
maintenance-admin-message-none = Повідомлення клієнтам: стандартний текст.
maintenance-admin-closed-auto = 📡 Закритий для клієнтів автоматично: API хостингу не відповідає з { $since }. Магазин відкриється сам, коли хостинг знову відповість.
maintenance-admin-ended = Останнє техобслуговування закінчилося само о { $date }.
maintenance-admin-unreachable = 📡 API хостингу не відповідає з { $since }.
maintenance-admin-auto-off = Автоматичне техобслуговування: ⛔ вимкнено. Під час збою хостингу магазин лишається відкритим: замовлення чекають на хостинг, а клієнтам повідомляють про затримку.
maintenance-admin-auto-on = Автоматичне техобслуговування: ✅ після { $minutes } хв без відповіді від API хостингу; магазин знову відкриється, коли він відповість.
maintenance-admin-works = <i>Поки магазин закритий, адміни працюють як завжди, платежі зараховуються й замовлення видаються, нагадування та сповіщення надходять; клієнти й далі бачать свої підписки та гаманець.</i>
maintenance-open-button = ✅ Відкрити магазин зараз
maintenance-change-button = ✏️ Змінити повідомлення або термін
maintenance-close-button = 🛠 Закрити магазин на техобслуговування
maintenance-auto-choice-off = Авто: вимк.
maintenance-auto-choice = { $minutes } хв
maintenance-settings-button-off = 🛠 Техобслуговування (автоматично: вимк.)
maintenance-settings-button-on = 🛠 Техобслуговування (автоматично після { $minutes } хв)
maintenance-now-open = Магазин знову відкритий.
maintenance-already-open = Це техобслуговування вже закінчилося.
maintenance-auto-set = Автоматичне техобслуговування після { $minutes } хв.
maintenance-auto-set-off = Автоматичне техобслуговування вимкнено.
maintenance-ask-message = ✏️ Надішліть повідомлення, яке клієнти бачитимуть, поки магазин закритий (до { $max } символів), або залиште стандартний текст.
maintenance-standard-text = 📝 Стандартний текст
maintenance-message-too-long = Тут { $length } символів, а вміщується до { $max }. Надішліть коротше повідомлення.
maintenance-end-hours = { $hours } год
maintenance-end-none = Без терміну
maintenance-ask-end = ⏱ На скільки? Коли час мине, магазин відкриється сам.
maintenance-choose-end = Виберіть одну з кнопок вище або натисніть «Скасувати».
maintenance-closed-done = 🛠 Магазин закрито для клієнтів.
maintenance-auto-on-admins = 📡 API хостингу не відповідає з { $since } ({ $duration }): магазин автоматично закрито для клієнтів. Платежі й далі зараховуються, замовлення чекають на хостинг. Магазин відкриється сам, коли хостинг знову відповість.
maintenance-auto-off-admins = ✅ Автоматичне техобслуговування закінчилося: магазин знову відкритий для клієнтів (був закритий { $duration }).
webapp-maintenance = Магазин закрито на технічне обслуговування.
maintenance-auto-chosen = ✓ { $choice }

## Issue 26: required channel membership (the channel gate)
gate-needed-trial = 📣 Щоб отримати безкоштовний пробний період, спершу підпишіться на наш канал:
gate-needed-purchase = 📣 Щоб купити тариф, спершу підпишіться на наш канал:
gate-needed-claim = 📣 Щоб отримати цей подарунок, спершу підпишіться на наш канал:
gate-trial-paused = ⏸ Ваш пробний період призупинено: ви відписалися від нашого каналу. Підпишіться знову, щоб ним користуватися:
gate-then-check = Потім натисніть <b>✅ Перевірити</b>.
gate-join = ➕ Підписатися: { $title }
gate-check = ✅ Перевірити
gate-still-out = Ви ще не підписалися: { $channels }
gate-trial-resumed = ▶️ Пробний період знову працює. Дякуємо, що залишаєтеся з нами!
gate-all-joined = Ви підписані на всі канали. Дякуємо!
gate-admin-cannot-read =
    ⚠️ <b>Обов'язковий канал: бот не бачить підписників</b>
    { $title } ({ $id }): { $reason }
    Зробіть бота адміністратором каналу. Доти канал нікого не затримує: клієнти проходять без перевірки.
gate-settings-button = 📣 Обов'язкові канали
gate-admin-title = 📣 <b>Обов'язкові канали</b>
gate-admin-coverage = Потрібно для: { $coverage }
gate-coverage-trial = лише пробного періоду
gate-coverage-purchases = пробного періоду та нових покупок
gate-coverage-all = усього, крім продовжень
gate-admin-none = Каналів поки немає: нікого не просять ні на що підписуватися.
gate-admin-no-link = Немає посилання для вступу: { $channels }. Дайте боту право запрошувати користувачів і додайте канал заново.
gate-admin-help = Клієнти підписуються кнопками й натискають «Перевірити». Продовження, «Мої підписки», сам доступ і гаманець ніколи не блокуються. Пробний період клієнта, який відписався від каналу, призупиняється до його повернення.
gate-admin-remove = ✖️ Прибрати { $title }
gate-admin-add = ➕ Додати канал
gate-admin-back = « Налаштування
gate-admin-coverage-set = Тепер потрібно для: { $coverage }.
gate-admin-removed = { $title } більше не обов'язковий.
gate-admin-ask = Надішліть канал або групу: @username, посилання t.me або числовий id (наприклад, -1001234567890). Бот має бути його адміністратором.
gate-admin-ask-invalid = Це не схоже на канал. Надішліть @username, t.me/username або числовий id на кшталт -1001234567890.
gate-admin-added = ✅ { $title } додано.
gate-admin-updated = ✅ { $title } уже був у списку: назву й посилання оновлено.
gate-admin-not-admin = ⚠️ Бот не адміністратор каналу { $title } і не бачить, хто підписаний. Зробіть бота адміністратором і додайте канал знову.
gate-admin-full = Список повний (каналів: { $max }). Спершу приберіть один.
gate-admin-not-channel = Це особистий чат з людиною, а не канал чи група.
gate-admin-unavailable = Telegram не відповів. Спробуйте за хвилину.
gate-admin-not-found = Telegram не знає такого каналу, або бота в ньому немає. Додайте бота до каналу адміністратором і спробуйте знову.
webapp-gate-needed = Спершу підпишіться на ці канали, потім натисніть «Перевірити».
webapp-gate-join = Підписатися
webapp-gate-check = Перевірити
webapp-gate-still-out = Ви підписалися ще не на всі.
webapp-gate-resumed = Пробний період знову працює.

## Issue 26: auto-renew from the balance
autorenew-state-on = 🔁 Автопродовження: увімкнено, з балансу за { $days ->
    [one] { $days } день
    [few] { $days } дні
    [many] { $days } днів
   *[other] { $days } дня
} до закінчення
autorenew-state-off = 🔁 Автопродовження: вимкнено
autorenew-turn-on = 🔁 Увімкнути автопродовження
autorenew-turn-off = ⏹ Вимкнути автопродовження
autorenew-now-on = Автопродовження увімкнено: продовження оплачується з балансу незадовго до закінчення.
autorenew-now-off = Автопродовження вимкнено.
autorenew-unavailable = Ця підписка не може продовжуватися сама (пробний період або її більше не можна продовжити).
autorenew-list-mark = 🔁 автопродовження
autorenew-short = 🔁 <b>{ $plan }</b> час продовжити з балансу, але балансу ({ $balance }) не вистачає на ціну ({ $price }). Поповніть гаманець — і підписка продовжиться одразу; інакше вона закінчиться { $date }.
autorenew-topup-button = 💳 Поповнити на { $amount }
autorenew-renewed = 🔁 <b>{ $plan }</b> продовжено автоматично з балансу: { $price }.
autorenew-settings-line = Автопродовження покупців: за { $days ->
    [one] { $days } день
    [few] { $days } дні
    [many] { $days } днів
   *[other] { $days } дня
} до закінчення (не раніше строку самого тарифу)
autorenew-settings-edit = 🔁 Змінити строк автопродовження
autorenew-settings-ask = 🔁 За скільки днів до закінчення продовжувати з балансу власника підписку з увімкненим автопродовженням? Надішліть ціле число від { $min } до { $max }.
autorenew-settings-invalid = Надішліть ціле число днів від { $min } до { $max }.
webapp-autorenew = Автопродовження з балансу
webapp-autorenew-on-text = Продовжується сама з вашого балансу за { $days ->
    [one] { $days } день
    [few] { $days } дні
    [many] { $days } днів
   *[other] { $days } дня
} до закінчення.
webapp-autorenew-off-text = Вимкнено: продовжте підписку самі до її закінчення.

## Issue 26: traffic packs
pack-title = +{ $gb } до «{ $plan }»
pack-button = ➕ { $gb } за { $price }
buy-confirm-pack =
    🚀 <b>Пакет трафіку</b>
    Підписка: <b>{ $plan }</b>
    Додасть: <b>{ $gb }</b>
    Ціна: <b>{ $price }</b>
    Баланс гаманця: { $balance }
pack-rule = Трафік на цей термін: зараз { $current }, із пакетом <b>{ $next }</b>, до { $until }. Термін дії не змінюється.
pack-pending = { $count ->
    [one] ⏳ Пакет трафіку, який ви оплатили раніше, ще додається: цей ляже поверх нього.
    [few] ⏳ { $count } пакети трафіку, які ви оплатили раніше, ще додаються: цей ляже поверх них.
    [many] ⏳ { $count } пакетів трафіку, які ви оплатили раніше, ще додаються: цей ляже поверх них.
   *[other] ⏳ { $count } пакета трафіку, які ви оплатили раніше, ще додаються: цей ляже поверх них.
}
pack-renewal-note = Продовження дає заново { $plan } тарифу на новий термін: невикористаний трафік пакета на нього не переноситься.
buy-paid-pack = ✅ Сплачено { $price } з балансу (тепер на балансі { $balance }). Додаємо трафік, це займе кілька секунд…
pack-cancelled = Пакет трафіку скасовано. Нічого не списано; підписка лишилася як була.
pack-not-offered = Цей пакет трафіку (більше) не пропонується для цієї підписки. Відкрийте підписку ще раз, щоб побачити доступні.
pack-refused-removed = Цю підписку видалили адміністратори магазину, тому додати до неї трафік не можна.
pack-refused-disabled = Цю підписку заблокували адміністратори магазину, тому зараз додати трафік не можна; нічого не списано. Зверніться до підтримки.
pack-refused-disabled-support = Цю підписку заблокували адміністратори магазину, тому зараз додати трафік не можна; нічого не списано. Зверніться до підтримки: { $contact }.
pack-promo-not-applicable = Промокоди діють на тарифи й продовження, але не на пакети трафіку: ціна цього замовлення не змінюється.
undeliverable-pack-client-gone = Вашого доступу більше немає на сервері, тому додати до нього трафік не можна. Нічого не списано; купіть новий тариф або зверніться до підтримки.
undeliverable-pack-location-down = Зараз цей пакет трафіку додати не можна: одна з локацій вашого доступу недоступна. Нічого не списано. Адміністраторів уже повідомлено; спробуйте пізніше.
alert-undeliverable-pack-location = ⚠️ Не продано: пакет трафіку до «{ $plan }» для { $customer }: локація панелі { $location } не під'єднана до головної панелі або офлайн.
alert-undeliverable-pack-gone = ⚠️ Не продано: пакет трафіку до «{ $plan }» для { $customer }: його клієнта більше немає на боці хостингу.
pack-delivered =
    🚀 <b>Додано { $gb }: { $plan }</b>
    Трафік на цей термін тепер { $allowance }, до { $until }.
delivery-delayed-pack = ⏳ Пакет трафіку додається довше, ніж зазвичай: хостинг поки не відповідає. Ваш платіж у безпеці: трафік додасться сам, і ми напишемо вам тут, або гроші повернуться на ваш гаманець.
pack-failed = 😔 Не вдалося додати пакет трафіку до «{ $plan }». { $amount } повернуто на ваш гаманець; підписка лишилася як була. Адміністраторів уже повідомлено.
pack-failed-back = 😔 Не вдалося додати пакет трафіку до «{ $plan }». { $back }. Підписка лишилася як була; адміністраторів уже повідомлено.
alert-pack-failed = ⚠️ Пакет трафіку { $order } для підписки { $subscription } не додано: { $what }. Покупець { ID($customer) }, тариф { $plan }; { $amount } повернуто на гаманець, підписка не змінилася. Подробиці — в журналі.
invoice-pack-title = Пакет трафіку VPN
wallet-kind-pack = Пакет трафіку
customers-kind-pack = пакет трафіку
customers-order-kind-pack = пакет трафіку
history-pack = Пакет трафіку: { $plan }
stats-col-pack = Пак
stats-legend-packs = <i>Пак: пакети трафіку (їхній виторг теж враховано).</i>
catalog-plan-packs = 📦 Пакети трафіку: { $packs }
traffic-button-packs = ➕ Додати трафік
webapp-packs-title = Додати трафік на цей термін
webapp-confirm-pack = Додасть
webapp-pack-added = ✅ Готово: трафік додано.
webapp-pack-not-offered = Цей пакет трафіку більше не пропонується для цієї підписки.
webapp-summary-pack = { $gb }: { $current } → { $next } на цей термін
webapp-summary-pack-term = Термін не змінюється: { $until }

## Issue 27: payment rails (CryptoBot, YooKassa)
rail-paid-order = ✅ { $rail }: ваш платіж { $amount } надійшов. Замовлення оплачено, і воно вже готується.
rail-paid-topup = ✅ { $rail }: ваш платіж { $amount } надійшов і зарахований на гаманець (баланс { $balance }).
rail-paid-promo-refused = ✅ { $rail }: ваш платіж { $amount } надійшов, але промокод замовлення більше не можна застосувати, тому замовлення скасовано. Гроші на гаманці (баланс { $balance }).
rail-paid-mismatch = ⚠️ { $rail }: ми отримали { $amount } — це не та сума, яку просило замовлення. Тому замовлення не оплачено: гроші на гаманці (баланс { $balance }), працівників магазину повідомлено.
rail-paid-held = ⚠️ { $rail }: ми отримали платіж у валюті { $currency }, у якій магазин не продає. Поки нічого не зараховано: працівники магазину розберуться і зв'яжуться з вами.
refund-back-rail = { $amount } повернуто вам через { $rail }
refund-back-rail-split = { $amount } повернуто вам через { $rail }, а { $wallet } — на гаманець
alert-order-rail-back = 💳 { $amount } повернуто покупцеві через { $rail }.
alert-rail-mismatch = ⚠️ Платіж { $rail } на { $amount } від покупця { $customer } не збігся із запитаним, тому нічого не оплатив: гроші на його балансі. Він у списку «Адмін → Платежі».
alert-rail-held = ⚠️ Платіж { $rail } на { $amount } від покупця { $customer } надійшов у валюті, у якій магазин не продає: нічого не зараховано. Він у списку «Адмін → Платежі»; вирішіть питання з покупцем.
wallet-kind-rail-refund = Повернення через платіжний сервіс
customers-kind-rail-refund = повернення через платіжний сервіс

## Issue 27: payment rails in the cabinet
webapp-pay-rail = Оплатити через
webapp-confirm-due = До сплати
webapp-rail-unavailable = Зараз недоступно
webapp-rail-email-title = Ваш e-mail для чека
webapp-rail-email-hint = Платіжний сервіс надішле на нього чек про цю оплату.
webapp-rail-email-save = Продовжити
webapp-rail-email-bad = Це не схоже на адресу e-mail. Перевірте її, будь ласка.
webapp-rail-waiting = Оплатіть на сторінці, що відкрилася, і поверніться сюди. Оплата підхопиться сама; якщо це затягнеться, натисніть «Перевірити оплату».
webapp-rail-check = Перевірити оплату
webapp-rail-open-again = Відкрити сторінку оплати
webapp-rail-not-paid = Оплата ще не надійшла. Якщо ви щойно оплатили, зачекайте хвилину й натисніть «Перевірити оплату» ще раз.
webapp-rail-closed = Цей платіж закрито без оплати. Оберіть спосіб оплати знову.
webapp-rail-to-balance = Платіж надійшов, але не на ту суму, яку просило замовлення: гроші на гаманці, працівників повідомлено.
webapp-rail-held = Платіж надійшов у валюті, у якій магазин не продає: поки нічого не зараховано, працівники зв'яжуться з вами.
webapp-rail-refused = Цей платіжний сервіс зараз не може прийняти оплату. Оберіть інший спосіб або спробуйте пізніше.
webapp-topup-how = Як ви хочете оплатити?

## Issue 27: payment rails in the chat
rail-pay-button = 💳 Сплатити { $amount } через { $rail }
rail-off-button = ⏸ { $rail }: зараз недоступний
rail-unavailable = { $rail } зараз недоступний. Оберіть інший спосіб оплати або спробуйте пізніше.
rail-not-offered = Цей спосіб оплати більше не пропонується. Оберіть інший.
rail-telegram-off = Оплата в Telegram у цьому магазині недоступна. Оберіть інший спосіб оплати.
rail-confirm-short = На балансі бракує { $missing }: сплатіть цю суму одним зі способів нижче, решта ({ $covered }) спишеться з балансу.
rail-confirm-due = Сплатіть { $missing } одним зі способів нижче.
rail-balance-short = Балансу ({ $balance }) більше не вистачає на це замовлення: оберіть, як сплатити решту.
rail-order-pay =
    💳 <b>Оплата через { $rail }</b>
    За: <b>{ $item }</b>
    До сплати: <b>{ $amount }</b>

    Відкрийте { $rail } кнопкою нижче й сплатіть там. Замовлення буде оплачено, щойно { $rail } підтвердить платіж, і ви отримаєте повідомлення тут. Якщо ви сплатили, а повідомлення немає, натисніть «Я сплатив».
rail-topup-pay =
    💳 <b>Поповнення через { $rail }</b>
    До сплати: <b>{ $amount }</b>

    Відкрийте { $rail } кнопкою нижче й сплатіть там. Гроші надійдуть до гаманця, щойно { $rail } підтвердить платіж, і ви отримаєте повідомлення тут. Якщо ви сплатили, а повідомлення немає, натисніть «Я сплатив».
rail-open = 🔗 Відкрити { $rail }
rail-paid-button = ✅ Я сплатив
rail-other-ways = « Інші способи оплати
rail-start-again = 💳 Обрати спосіб оплати
rail-check-credited = ✅ Платіж отримано, дякуємо!
rail-check-already = Цей платіж уже отримано.
rail-check-pending = { $rail } ще не підтвердив платіж. Якщо ви щойно сплатили, зачекайте хвилину й натисніть «Я сплатив» ще раз.
rail-check-unknown = Цей платіж тут більше не відомий. Почніть знову.
rail-check-closed = { $status ->
    [cancelled] ✖ Платіж через { $rail } скасовано.
   *[other] ⌛ Строк платежу через { $rail } минув.
} Гроші не списано. Можна почати знову.
rail-topup-choose = 💰 Поповнення на <b>{ $amount }</b>: як ви хочете сплатити?
rail-topup-telegram = 💳 Сплатити { $amount } у Telegram
rail-email-ask = 📧 Чек за цей платіж надсилається на e-mail, як вимагає закон. Надішліть вашу адресу електронної пошти. Вона збережеться для наступних платежів; змінити її можна в гаманці.
rail-email-change = 📧 Надішліть адресу електронної пошти для чеків про оплату.
rail-email-invalid = Це не схоже на адресу електронної пошти. Надішліть адресу на кшталт name@example.com.
rail-email-saved = ✅ Тепер чеки надходитимуть на { $email }.
rail-email-missing = Нам усе ще потрібен ваш e-mail для чека. Натисніть кнопку оплати ще раз.
rail-wallet-title =
    💰 <b>Ваш гаманець</b>
    Баланс: <b>{ $balance }</b>

    Поповніть його: оберіть суму або введіть свою, потім спосіб оплати. З балансу можна оплачувати тарифи й продовження.
rail-wallet-email = 📧 E-mail для чеків: { $email }
rail-wallet-no-email = 📧 E-mail для чеків: ще не вказано (його запитають під час першого платежу, де він потрібен).
rail-wallet-email-change = 📧 Змінити e-mail
rail-wallet-email-add = 📧 Вказати e-mail
admin-rails = 🏦 Платежі
rails-title = 🏦 <b>Платежі</b>
rails-none = Зовнішні платіжні сервіси не налаштовано.
rails-rail = <b>{ $name }</b> · { $takes }
rails-takes = приймає { $currency }
rails-takes-not = ⚠️ не приймає { $currency }: покупцям не пропонується
rails-health-up = 🟢 відповідає (перевірено { $at })
rails-health-down = 🔴 не відповідає (перевірено { $at }: { $why })
rails-health-unknown = ⚪ ще не перевірявся
rails-today = Сьогодні: { $count ->
    [one] { $count } платіж
    [few] { $count } платежі
   *[many] { $count } платежів
}, { $sum }
rails-choice-line = { $name }: { $value }
rails-choice-assets = Прийнятні активи
rails-choice-receipts = Чеки на e-mail
rails-flag-on = { $rail }: { $name } ✅ увімк.
rails-flag-off = { $rail }: { $name } ⛔ вимк.
rails-telegram = <b>Telegram</b> · Stars і платіжний провайдер
rails-telegram-off = <b>Telegram</b> · рахунки у валюті магазину неможливі (немає токена провайдера)
rails-telegram-name = Telegram
rails-check-title = <b>Платежі на перевірку</b>: { $count }
rails-check-latest = (останні { $shown }, спершу нові)
rails-check-none = немає
rails-check-item = { $date } · { $rail } · від <code>{ ID($payer) }</code> · { $amount } · { $why ->
    [amount] не збігся: інша сума
    [unknown] не збігся: такий платіж не запитували
    [currency] затримано: інша валюта
   *[other] не підходить до жодного замовлення
}
rails-last-value = Принаймні один варіант має залишитися увімкненим.
rails-stale = Ця кнопка застаріла; ось екран у поточному вигляді.

## Issue 28: roles, audit log, staff group, tickets (core)
staff-not-permitted = ⛔ Ваша роль у команді цього не дозволяє.

## Issue 28: staff and audit screens
admin-staff = 👥 Співробітники
admin-audit = 📜 Журнал дій
staff-role-owner = 👑 власник
staff-role-admin = 🛠 адміністратор
staff-role-support = 🎧 підтримка
staff-role-viewer = 👁 спостерігач
staff-none = немає
staff-title = 👥 <b>Співробітники</b>
staff-intro =
    Власники — це id з ADMIN_IDS. Інших вони додають тут і дають кожному роль:
    🛠 адміністратор: усе, крім співробітників; 🎧 підтримка: клієнти та звернення; 👁 спостерігач: читає клієнтів і журнал дій.
staff-line = { $role } · { $name } · <code>{ $id }</code>
staff-add = ➕ Додати співробітника
staff-back = ◀️ Співробітники
staff-back-card = ◀️ Назад
staff-card =
    👤 <b>{ $name }</b>
    ID: <code>{ $id }</code>
    Роль: { $role }
staff-card-not-staff = 👤 <b>{ $name }</b> (<code>{ $id }</code>) не серед співробітників. Дайте роль, щоб додати.
staff-owner-unchangeable = Власники задаються в ADMIN_IDS у налаштуваннях бота і тут не змінюються: змініть ADMIN_IDS і перезапустіть бота.
staff-remove = 🗑 Прибрати зі співробітників
staff-remove-confirm = Прибрати <b>{ $name }</b> ({ $role }) зі співробітників? Меню адміністратора одразу стане недоступним.
staff-remove-yes = ✅ Так, прибрати
staff-removed = ✅ { $name } більше не співробітник.
staff-role-set = ✅ Тепер у { $name } роль: { $role }.
staff-role-same = Роль уже така: { $role }.
staff-confirm-used = Це підтвердження вже використане або застаріло.
staff-add-ask =
    Кого додати? Перешліть будь-яке повідомлення цієї людини або надішліть її @username чи числовий Telegram id.
    @username спрацює, якщо людина вже писала цьому боту; щоб отримувати повідомлення бота, їй треба відкрити бота.
staff-add-hidden = Ця людина приховує свій акаунт у пересланих повідомленнях. Надішліть її @username або числовий id.
staff-add-not-person = Це повідомлення переслане з чату або каналу, а не від людини. Перешліть повідомлення, яке написала сама людина.
staff-add-bot = Бот не може бути співробітником.
staff-add-invalid = Перешліть повідомлення цієї людини або надішліть @username чи числовий id.
staff-add-unknown = Бот ще не зустрічав <b>{ $query }</b>. Попросіть людину спершу відкрити бота (/start) або надішліть числовий id.
staff-add-owner = { $name } — власник (ADMIN_IDS): власників тут не змінюють.
staff-add-choose = Яку роль дати <b>{ $name }</b> (<code>{ $id }</code>)? Зараз: { $role }.
staff-told-added = 👋 Тепер ви співробітник цього магазину, роль: { $role }. Надішліть /admin, щоб відкрити своє меню.
staff-told-changed = Ваша роль співробітника тепер: { $role }. Надішліть /admin, щоб відкрити своє меню.
staff-told-removed = Ви більше не співробітник цього магазину: меню адміністратора для вас закрите.
audit-outcome-done = ✅ виконано
audit-outcome-refused = ⛔ відмовлено
audit-outcome-failed = ❌ помилка
audit-outcome-started = ⏳ розпочато
audit-outcome-unknown = ❔ невідомо
audit-line = { $outcome } · { $at } · { $who } ({ $role })
audit-title = 📜 <b>Журнал дій</b>: { $filter }
audit-filter-all = усі записи
audit-filter-actor = співробітник { $name }
audit-filter-subject = об'єкт <code>{ $subject }</code>
audit-count = { $total ->
    [one] { $total } запис
    [few] { $total } записи
   *[many] { $total } записів
} · сторінка { $page } з { $pages }
audit-empty = Записів немає.
audit-page-prev = ‹ Новіші
audit-page-next = Старіші ›
audit-by-staff = 👤 За співробітником
audit-by-customer = 🧑 За клієнтом
audit-by-subject = 🏷 За об'єктом
audit-show-all = ✖ Усі записи
audit-export = 📤 Вивантажити CSV
audit-back = ◀️ Журнал дій
audit-pick-staff = Чиї дії? Виберіть співробітника:
audit-ask-customer = Надішліть числовий Telegram id клієнта або його @username.
audit-customer-invalid = Надішліть числовий Telegram id або @username (літери, цифри та _).
audit-customer-unknown = Клієнта <b>{ $query }</b> не знайдено. Надішліть інший id або @username.
audit-ask-subject = Надішліть об'єкт так, як його пише журнал, <code>вид:id</code>: наприклад <code>server:7</code>, <code>customer:42</code>, <code>plan:de</code>, <code>staff:99</code>.
audit-subject-invalid = Об'єкт — це вид і id через двокрапку, наприклад <code>server:7</code>.
audit-filter-expired = Цей екран застарів: ось усі записи.
audit-export-started = Готую CSV…
audit-export-caption = 📜 Журнал дій: { $filter } (CSV)
audit-export-failed = Вивантаження не вдалося завершити. Спробуйте пізніше.
## Issue 28: customers and money: roles and audit
customers-btn-write = ✉️ Написати клієнту
customers-ask-message = ✉️ Напишіть повідомлення для <b>{ $name }</b>. Бот надішле його як є, із заголовком, що воно від магазину.
customers-message-long = Повідомлення задовге: не більше { $max } символів.
customers-confirm-message =
    ✉️ Для { $name } (<code>{ ID($id) }</code>), як він його отримає:

    { $message }

    Надіслати?
customers-message-yes = 📨 Надіслати
customers-message-sent = 📨 Повідомлення надсилається клієнту.
customers-message-unavailable = З цього процесу не можна надсилати повідомлення клієнтам (немає черги надсилання). Нічого не надіслано.
notice-staff-message =
    ✉️ <b>Повідомлення від магазину</b>

    { $text }
customers-block-already = Клієнта вже заблоковано: нічого не змінилося.
customers-unblock-already = Клієнт не був заблокований: нічого не змінилося.
## Issue 28: support tickets
help-ticket-write = 🆘 Написати в підтримку
ticket-ask = ✍️ Напишіть повідомлення в підтримку: текст або фото з підписом. Відповідь прийде сюди, у цей чат.
ticket-ask-continue = ✍️ Ваше звернення <b>{ $id }</b> відкрите. Напишіть, що додати: текст або фото з підписом.
ticket-text-or-photo = Надішліть, будь ласка, текст або фото (можна з підписом).
ticket-too-long = Задовго: не більше { $max } символів.
ticket-too-many = ⏳ У зверненні <b>{ $id }</b> вже багато повідомлень без відповіді. Будь ласка, дочекайтеся відповіді підтримки.
ticket-opened = ✅ Звернення <b>{ $id }</b> відкрите: підтримка отримала ваше повідомлення. Відповідь прийде сюди, у цей чат.
ticket-added = ✅ Додано до звернення <b>{ $id }</b>. Відповідь прийде сюди, у цей чат.
ticket-btn-close = ✅ Закрити звернення { $id }
ticket-btn-reply = ↩️ Відповісти
ticket-answer-header = 💬 Підтримка · звернення { $id }
ticket-closed-by-staff = ✅ Підтримка закрила звернення { $id }. Якщо потрібна ще допомога, напишіть знову через /help.
ticket-closed-by-you = ✅ Звернення { $id } закрите. Дякуємо!
ticket-already-closed = Звернення { $id } вже закрите.
ticket-gone = Цього звернення більше немає.
ticket-state-open = ⏳ чекає на підтримку
ticket-state-answered = 💬 є відповідь
ticket-state-closed = ✅ закрите
ticket-topic-name = 🎫 { $id } · { $name }
ticket-context-title = 🎫 <b>Звернення { $id }</b> · { $state }
ticket-context-subs = <b>Чинні підписки:</b>
ticket-context-subs-none = Чинних підписок немає.
ticket-context-orders = <b>Останні замовлення:</b>
ticket-btn-card = 👤 Картка клієнта
ticket-btn-staff-close = ✅ Закрити
ticket-btn-reopen = 🔄 Відкрити знову
ticket-btn-open = 🎫 Відкрити звернення
ticket-btn-thread = 🧵 Відкрити листування
ticket-from-customer = 👤 { $name } · { $id }
ticket-new-private = 🎫 { $id } · { $name } пише:
ticket-staff-wrote = 💬 { $name } відповів(ла) у боті:
ticket-closed-note = ✅ { $who } закрив(ла) звернення { $id }; клієнту повідомлено.
ticket-closed-note-customer = ✅ Клієнт закрив звернення { $id }.
ticket-reopened-note = 🔄 { $who } знову відкрив(ла) звернення { $id }.
ticket-remind = ⏰ Звернення <b>{ $id }</b> ({ $name }) чекає на відповідь уже { $waited }.
ticket-staff-not-permitted = ⛔ Ваша роль не дозволяє відповідати на звернення: це повідомлення не дійшло до клієнта.
ticket-staff-only-text = До клієнта доходить лише текст або фото: це повідомлення не дійшло.
ticket-staff-too-long = Задовго для однієї відповіді (не більше { $max } символів): до клієнта не дійшло.
ticket-staff-closed = Звернення закрите: повідомлення не дійшло до клієнта. Спершу відкрийте його знову.
ticket-staff-full = У зверненні вже граничне число повідомлень: це повідомлення не дійшло до клієнта.
ticket-card-sent = Картка клієнта — у вашому особистому чаті з ботом.
ticket-card-start-bot = Спершу відкрийте бота в особистому чаті (Start), потім натисніть знову.
ticket-thread-customer = 👤 Клієнт
ticket-thread-staff = 💬 Підтримка
ticket-thread-photo = [фото]
ticket-thread-line = { $who } · { $at }: { $text }
admin-tickets = 🎫 Звернення
tickets-title = 🎫 <b>Звернення</b> · чекають: { $waiting } · з відповіддю: { $answered }
tickets-group-note = На звернення відповідають у їхніх темах групи команди; тут — ті самі звернення.
tickets-none = Відкритих звернень немає.
tickets-thread = <b>Листування:</b>
tickets-thread-more = … не показано раніших повідомлень: { $count }
tickets-btn-answer = ✍️ Відповісти
tickets-back = « Звернення
tickets-ask-answer = ✍️ Напишіть відповідь на звернення <b>{ $id }</b> ({ $name }). Клієнт отримає її від бота.
tickets-answered = ✅ Відповідь надіслано клієнту.
tickets-closed-done = ✅ Звернення { $id } закрите; клієнту повідомлено.
tickets-reopened = 🔄 Звернення { $id } відкрите знову.
tickets-reopen-busy = У клієнта є інше відкрите звернення ({ $other }); це залишається закритим.
webapp-tickets-title = Підтримка
webapp-tickets-hint = Напишіть нам тут: відповідь прийде сюди та у ваш чат із ботом.
webapp-tickets-none = У вас поки немає звернень.
webapp-ticket-placeholder = Ваше повідомлення
webapp-ticket-send = Надіслати
webapp-ticket-close = Закрити звернення
webapp-ticket-close-confirm = Закрити це звернення? Написати знову можна будь-коли.
webapp-ticket-sent = Надіслано: підтримка отримала ваше повідомлення.
webapp-ticket-you = Ви
webapp-ticket-support = Підтримка
webapp-ticket-photo = 📷 Фото
webapp-ticket-too-many = Будь ласка, спершу дочекайтеся відповіді підтримки на ваші повідомлення.
webapp-ticket-too-long = Задовго.
## Issue 28: staff group and daily report
staff-group-section = 🏢 Група команди
staff-topic-alerts = 🚨 Тривоги
staff-topic-payments = 💳 Платежі
staff-topic-orders = 📦 Замовлення
staff-topic-reconciliation = 🔎 Звірка
staff-topic-report = 📊 Щоденний звіт
staff-topic-tickets = 🎫 Звернення
staff-group-routing-private = Лише особисті чати
staff-group-routing-group = Лише група
staff-group-routing-both = Група й особисті чати
staff-group-title = 🏢 <b>Група команди</b>
staff-group-none = Не налаштована: сповіщення команди приходять кожному в особистий чат із ботом.
staff-group-steps = Щоб вони йшли в групу команди, по темі на кожен вид сповіщень:
    1. Створіть групу в Telegram і ввімкніть у її налаштуваннях <b>Теми</b> (вона стане форумом).
    2. Додайте цього бота в групу адміністратором із правом <b>Керування темами</b>.
    3. Натисніть <b>Налаштувати</b> й виберіть групу (або надішліть її id, він починається з -100).
    Теми бот створить сам: тривоги, платежі, замовлення, звірка, щоденний звіт і звернення.
staff-group-setup = 🔗 Налаштувати
staff-group-chat = Група: <b>{ $title }</b> ({ $id })
staff-group-topics = Теми: { $topics }
staff-group-routing = Сповіщення йдуть: { $routing }
staff-group-report-off = Щоденний звіт: вимкнено
staff-group-report-at = Щоденний звіт: о { $hour } ({ $zone })
staff-group-routing-help = Особисті копії отримують ті, чия роль дозволяє бачити цей вид: власники й адміністратори — усі, підтримка — невдалі замовлення. Нові платежі йдуть лише в групу.
staff-group-off = вимк.
staff-group-hours = 🕘 Час звіту: { $hour }
staff-group-report-now = 📊 Надіслати звіт зараз
staff-group-remake = 🔁 Створити теми заново
staff-group-change = 🔗 Інша група
staff-group-stop = 🛑 Не використовувати групу
staff-group-back = « Група команди
staff-group-hours-ask = 🕘 Коли надсилати щоденний звіт? Година — за { $zone }; звіт охоплює останній повний день (UTC).
staff-group-stop-ask = 🛑 Більше не використовувати групу команди? Сповіщення знову йтимуть в особисті чати; теми залишаться в групі.
staff-group-stop-yes = Так, не використовувати
staff-group-remake-ask = 🔁 Створити всі теми заново в тій самій групі? Це потрібно, якщо теми видалили чи перейменували; старі залишаться, доки ви їх не видалите.
staff-group-remake-yes = Так, створити теми
staff-group-remake-used = Це підтвердження вже використано.
staff-group-routing-set = ✅ Куди йдуть сповіщення — збережено.
staff-group-report-set = ✅ Щоденний звіт надходитиме о { $hour }.
staff-group-report-set-off = ✅ Щоденний звіт вимкнено.
staff-group-report-queued = 📊 Звіт уже в дорозі.
staff-group-report-unavailable = ⚠️ Зараз звіт звідси не надіслати: чергу воркера не під’єднано.
staff-group-stopped = ✅ Групу команди більше не використовують: сповіщення йдуть в особисті чати.
staff-group-ask = 🏢 Яка група? Натисніть <b>Вибрати групу</b> нижче, або надішліть id групи (починається з -100), або перешліть повідомлення, надіслане в ній від імені групи. Бот уже має бути її адміністратором із правом <b>Керування темами</b>.
staff-group-pick = 🏢 Вибрати групу
staff-group-cancel = ✖️ Скасувати
staff-group-cancelled = Скасовано.
staff-group-left = Налаштування групи команди перервано.
staff-group-ask-invalid = Це не група. Виберіть її кнопкою, надішліть її id (-100…) або перешліть повідомлення, надіслане в ній від імені групи.
staff-group-ask-person = Це id людини. Id групи починається з -100.
staff-group-checking = ⏳ Перевіряю групу й створюю теми…
staff-group-not-found = ⚠️ Telegram не показує ботові цю групу. Спершу додайте бота в групу, потім спробуйте знову.
staff-group-not-forum = ⚠️ Це не група з темами. Увімкніть Теми в налаштуваннях групи й спробуйте знову.
staff-group-not-admin = ⚠️ Бот не адміністратор цієї групи. Зробіть його адміністратором із правом «Керування темами» й спробуйте знову.
staff-group-no-topics-right = ⚠️ Бот адміністратор групи, але не може керувати темами. Дайте йому право «Керування темами» й спробуйте знову.
staff-group-unavailable = ⚠️ Telegram не відповів. Спробуйте за хвилину.
staff-group-topics-failed = ⚠️ Не вдалося створити теми. Перевірте, що бот може керувати темами, і спробуйте знову.
staff-group-saved = ✅ <b>{ $title }</b> тепер група команди; теми створено.
staff-payment-line = 💳 { $amount } від { $customer } через { $via }: { $what }
staff-payment-telegram = Telegram
staff-payment-order = оплачено замовлення { $order }
staff-payment-topup = поповнення гаманця
staff-payment-unmatched = на гаманець (не вказував нічого відомого)
staff-payment-mismatch = на гаманець (не збігся із запитаним)
staff-payment-held = затримано (інша валюта)
staff-report-title = 📊 <b>Щоденний звіт</b>: { $date } (день за UTC)
staff-report-none = немає
staff-report-revenue = 💰 Виручка: { $amount }
staff-report-payments = 💳 Платежі: { $list }
staff-report-payment-way = { $way } { $count } · { $sum }
staff-report-new-customers = 👤 Нові клієнти: { $count }
staff-report-orders = 📦 Видано: нових { $purchases } · продовжень { $renewals } · пробних { $trials } · пакетів трафіку { $packs }
staff-report-refunds = ↩️ Повернення: { $list }
staff-report-refund-sum = { $count } · { $sum }
staff-report-converted = 🎯 Пробні, що перейшли в оплату: { $count }
staff-report-expiring = ⏳ Підписок спливає найближчі 7 днів: { $count }
staff-report-hosting = 🏦 Баланс хостингу: { $balance } · активних серверів: { $servers }
staff-report-runway-days = 🛫 Запас: { $days ->
        [one] { $days } день
        [few] { $days } дні
        [many] { $days } днів
       *[other] { $days } дня
    } (до { $date }, коли забракне на продовження сервера #{ ID($id) })
staff-report-runway-beyond = 🛫 Запас: понад { $days } днів
staff-report-runway-none = 🛫 Запас: немає активних серверів
staff-report-runway-unpriced = 🛫 Запас: невідомий, ще не відома ціна продовження { $count ->
        [one] { $count } сервера
       *[other] { $count } серверів
    } (вкажіть очікувану вартість у Налаштуваннях)
staff-report-hosting-unavailable = 🏦 Акаунт хостингу: { $reason }

## Issue 31: the runway page of the Mini App (staff only; src/webapp/runway.ts, webapp/runway.js)

runway-open-page = 📊 Графіки запасу
webapp-runway-title = Запас
webapp-runway-refused = Ця сторінка — для працівників магазину, які бачать сервери.
webapp-runway-balance = Баланс хостингу
webapp-runway-balance-chart = Баланс у міру оплати продовжень серверів
webapp-runway-no-course = Немає чого малювати: немає активних серверів або невідома ціна продовження.
webapp-runway-fixes = Що допоможе
webapp-runway-locations = Локації
webapp-runway-servers = Сервери
webapp-runway-no-servers = Серверів немає.
webapp-runway-back = Усі сервери
webapp-runway-untracked = Для цього сервера не задано пакет трафіку: задайте його в картці сервера в чаті, щоб побачити графіки.
webapp-runway-no-usage = У цьому терміні витрату ще не записано.
webapp-runway-daily = Витрата по днях проти денного бюджету
webapp-runway-cumulative = Витрата за термін проти пакета
webapp-runway-limit = пакет
webapp-runway-average = за середнім за 7 днів
webapp-runway-trend = за трендом
webapp-runway-term-end = кінець терміну
webapp-runway-runs-out = закінчиться
webapp-runway-lasts = вистачить на термін
webapp-runway-today = сьогодні
webapp-runway-budget = Денний бюджет: { $budget }
webapp-runway-step = { $date }: залишиться { $amount } після продовження { $server }
webapp-runway-step-short = { $date }: { $amount } — не вистачить на продовження { $server }

## Family seats
invoice-seats-title = Сімейні місця
delivery-delayed-seats = ⏳ Нові сімейні місця додаються довше, ніж зазвичай: хостинг поки не відповідає. Ваш платіж у безпеці: місця додадуться самі, і ви отримаєте повідомлення тут, або гроші повернуться на баланс.
alert-seats-failed = ⚠️ Замовлення місць { $order } для підписки { $subscription } не виконано: { $what }. Клієнт { ID($customer) }, тариф { $plan }; { $amount } повернуто на баланс, сім'я залишилася як була. Подробиці в журналі.
customers-order-kind-seat = сімейне місце
customers-order-kind-seats = додавання місць
buy-confirm-seats =
    👪 <b>Сімейні місця</b>
    Тариф: <b>{ $plan }</b>
    Додати місць: <b>{ $seats }</b>
    Ціна до кінця терміну: <b>{ $price }</b>
    Баланс: { $balance }
seats-buy-button = 👪 { $seats } місць · { $price }
seat-claim-ok = 👪 Ви зайняли місце в сім'ї { $owner }. Ваш власний доступ до VPN налаштовується: посилання і QR-код прийдуть сюди за хвилину.
seat-claim-yours = 👪 Це місце вже ваше: доступ — у /my.
seat-claim-own = 👪 Це запрошення до вашої власної сім'ї: надішліть його тому, з ким хочете поділитися.
seat-claim-taken = 😔 Це місце вже зайняв хтось інший. Попросіть у власника сім'ї інше запрошення.
seat-claim-unknown = 😔 Це запрошення більше нічого не відкриває: його використано або власник його замінив.
seat-claimed-owner = 👪 { $name } зайняв(ла) місце у вашій сім'ї. Місця видно в /my.
seats-button = 👪 Сімейні місця ({ $taken }/{ $count })
seats-member-line = 👪 Сімейне місце у { $owner }: продовжує власник
seats-title = 👪 <b>Сімейні місця</b> · { $plan } · місць: { $count }
seats-owner-line = 1 · ви (власник)
seats-free-line = { $n } · вільне · запрошення: { $link }
seats-taken-line = { $n } · { $name } · використано { $used }
seats-free-button = ✖ Звільнити місце { $n }
seats-add-rule = Ще одне місце коштує { $price } за { $days } дн. до кінця терміну (до { $max } місць).
seats-add-button = ➕ Додати місце · { $price }
seats-free-ask = Звільнити місце { $n }? Його учасник одразу втратить доступ до VPN, а місце отримає нове посилання-запрошення.
seats-free-yes = ✖ Так, звільнити місце { $n }
seats-free-no = « До місць
seats-free-unknown = Цього місця більше немає.
seats-free-free = Це місце вже вільне.
seats-free-busy = Доступ цього місця ще налаштовується: спробуйте за хвилину.
seats-free-failed = Хостинг не відповідає: місце залишилося як було. Спробуйте за хвилину.
seats-freed = Місце { $n } знову вільне, з новим посиланням-запрошенням.
seats-freed-member = 👪 { $owner } звільнив(ла) ваше місце в сім'ї: цей доступ до VPN закінчився.
seats-family-ended = 👪 Магазин видалив сімейну підписку, в якій у вас було місце: ваш доступ до VPN у ній закінчився.
seats-add-refused-unknown-subscription = У цієї підписки немає сімейних місць.
seats-add-refused-too-many = У сім'ї вже стільки місць, скільки дозволяє тариф.
seats-add-refused-term-over = Термін закінчився: спочатку продовжте підписку.
seats-add-refused-blocked = Ваш обліковий запис заблоковано.
webapp-seats-title = 👪 Сімейні місця ({ $count })
webapp-seat-free = вільне: надішліть посилання-запрошення
webapp-seat-taken = { $name } · використано { $used }
webapp-seats-add = ➕ Додати місце · { $price } за { $days } дн.
webapp-seats-free-button = Звільнити
webapp-seats-free-confirm = Звільнити це місце? Його учасник одразу втратить доступ до VPN, а місце отримає нове посилання-запрошення.
webapp-seats-share = Поділитися
webapp-seats-share-text = Місце в моїй VPN-сім'ї — ваше: відкрийте посилання, щоб зайняти його.
webapp-seats-summary = +{ $seats } сімейн. місць(е) до кінця поточного терміну
seat-failed = 😔 Не вдалося налаштувати ваше місце в сімейному тарифі «{ $plan }». Попросіть у власника нове посилання-запрошення; адміністраторам повідомлено.
## Plan switch with credit (issue 30)
invoice-switch-title = Зміна тарифу VPN
delivery-delayed-switch = ⏳ Зміна тарифу триває довше, ніж зазвичай: хостинг поки не відповідає. Оплата в безпеці: зміна завершиться сама й ви отримаєте повідомлення тут, або гроші повернуться на баланс.
delivery-switched = 🔀 <b>Тариф змінено на { $plan }</b>
switch-failed = 😔 Не вдалося змінити тариф підписки на «{ $plan }». { $amount } повернулися на баланс; підписка залишилася як була. Адміністраторів повідомлено.
switch-failed-back = 😔 Не вдалося змінити тариф підписки на «{ $plan }». { $back }. Підписка залишилася як була; адміністраторів повідомлено.
alert-switch-failed = ⚠️ Зміна тарифу { $order } підписки { $subscription } не вдалася: { $what }. Клієнт { ID($customer) }, тариф { $plan }; { $amount } повернуто на баланс, підписка залишилася як була. Подробиці в журналі.
wallet-kind-switch = Зміна тарифу
wallet-kind-switch-credit = Залік при зміні тарифу
wallet-kind-fair-refund = Повернення за невикористані дні
customers-kind-switch = зміна тарифу
customers-kind-switch-credit = залік при зміні
customers-kind-fair-refund = повернення за невикористані дні
customers-order-kind-switch = зміна тарифу
my-switch = 🔀 Змінити тариф
switch-choose =
    🔀 <b>Зміна тарифу «{ $plan }»</b>
    Залишок поточного терміну зараховується в ціну нового тарифу. Оберіть тариф, щоб побачити розрахунок до оплати.
switch-none = Зараз немає іншого тарифу, на який можна перейти з цієї підписки.
switch-plan-button = { $plan } · { $price }
switch-quote-days = Залишок терміну: { $days } дн. × { $perDay } на день = <b>{ $credit }</b>
switch-quote-traffic = Залишок терміну: { $gb } ГБ з { $total } ГБ (менше, ніж { $days } дн. до кінця) = <b>{ $credit }</b>
switch-quote-ahead = Разом із { $days } дн., оплаченими наперед (продовження ще застосовуються).
switch-quote-sum =
    Новий тариф «{ $plan }»: { $price }
    Залік: −{ $credit }
    <b>До сплати: { $toPay }</b>
switch-quote-surplus = Залік на { $surplus } більший за ціну нового тарифу: ця сума надійде на баланс після зміни.
switch-quote-rule = Новий тариф почнеться після зміни, на всі його { $days } дн.; поточний термін тоді закінчиться.
buy-confirm-switch =
    🔀 <b>Зміна тарифу</b>
    Новий тариф: <b>{ $plan }</b>
    Баланс: { $balance }
switch-confirm-covered = Залік покриває всю ціну: з балансу нічого не списується.
switch-get = 🔀 Змінити зараз
buy-paid-switch = ✅ Сплачено { $price } з балансу (залишок { $balance }). Змінюємо тариф, це займе кілька секунд…
switch-cancelled = Зміну тарифу скасовано. Нічого не списано; підписка залишилася як була.
switch-not-offered = З цієї підписки не можна (більше) перейти на цей тариф. Відкрийте підписку знову, щоб побачити доступні.
switch-refused-removed = Цю підписку видалили адміністратори магазину, змінити її тариф не можна.
switch-refused-frozen = Цю підписку заморожено, тому змінити її тариф зараз не можна; нічого не списано. Спершу розморозьте її в /my.
switch-refused-disabled = Цю підписку заблокували адміністратори магазину, змінити тариф зараз не можна, нічого не списано. Зверніться до підтримки.
switch-usage-unknown = Зараз не вдається прочитати витрату трафіку підписки, тож залік не розрахувати. Спробуйте за кілька хвилин.
switch-promo-not-applicable = Промокоди діють на тарифи й продовження, але не на зміну тарифу: ціна замовлення не змінюється.
webapp-switch-not-offered = З цієї підписки більше не можна перейти на цей тариф.
fair-refund-button = 💸 Повернути невикористане
fair-refund-title = 💸 <b>Повернення невикористаної частини «{ $plan }»</b>
fair-refund-days = Залишок терміну: { $days } дн. × { $perDay } на день = <b>{ $credit }</b>
fair-refund-traffic = Залишок терміну: { $gb } ГБ з { $total } ГБ (менше, ніж { $days } дн. до кінця) = <b>{ $credit }</b>
fair-refund-ahead = Разом із { $days } дн., оплаченими наперед (продовження ще застосовуються).
fair-refund-amount = Повернення: <b>{ $amount }</b>
fair-refund-to-stars = Повернеться зірками: термін оплачено одним платежем Stars, його повернуто цілком.
fair-refund-why-not-stars = Надійде на баланс клієнта: термін не оплачено одним платежем Telegram Stars.
fair-refund-why-partial = Надійде на баланс клієнта: Telegram повертає лише платежі цілком, а частину терміну використано.
fair-refund-why-shared = Надійде на баланс клієнта: Telegram повертає лише платежі цілком, а термін частково оплачено з балансу.
fair-refund-ends = Підписка закінчиться одразу: її термін стане «зараз».
fair-refund-confirm = ✅ Повернути { $amount } і завершити
fair-refund-done = ✅ { $amount } повернуто на баланс клієнта; підписку завершено.
fair-refund-done-stars = ✅ { $amount } повернуто зірками; підписку завершено.
fair-refund-stars-failed = ⚠️ { $amount } надійшло на баланс клієнта, але повернути зірки не вдалося ({ $status }); підписку завершено.
fair-refund-already = Цей термін уже повернуто: більше нічого не виплачено.
fair-refund-nothing = З цього терміну нічого повертати.
fair-refund-refused = Зараз цю підписку не можна повернути (не читається трафік або ще застосовується її зміна). Спробуйте пізніше.
webapp-switch-title = Змінити тариф (залишок терміну зараховується)
webapp-confirm-switch = Зміна тарифу
webapp-switch-done = ✅ Готово: підписка на новому тарифі, посилання лишилися тими самими.
webapp-seats-added = ✅ Готово: місця додано, надішліть їхні посилання-запрошення.
## Freeze and traffic rollover (issue 30)
my-renew-frozen = Цю підписку заморожено, тому зараз продовжити її не можна; нічого не списано. Спершу розморозьте її в /my.
pack-refused-frozen = Цю підписку заморожено, тому зараз додати трафік не можна; нічого не списано. Спершу розморозьте її в /my.
freeze-button = ❄️ Заморозити
unfreeze-button = ▶️ Розморозити зараз
freeze-pick = ❄️ Заморозьте підписку, поки вас немає. Під час заморозки підключення вимкнене; дні, що лишилися, зберігаються й повертаються, коли вона скінчиться.
    Оберіть строк ({ $min }–{ $max } дн.). Лишилося заморозок на найближчі 365 днів: { $left } з { $times }.
freeze-days-button = { $days } дн.
freeze-confirm = ❄️ Заморозити на { $days } дн.?
    Заморожена до: { $until }
    Зберігається днів: { $bank }
    Нова дата закінчення: { $end }
freeze-confirm-button = ✅ Заморозити
freeze-done = ❄️ Заморожена до { $until }. Збережено днів: { $bank }; тепер підписка закінчується { $end }. Розморозити раніше можна в /my.
freeze-queued = ❄️ Заморозка чекає, доки скінчиться інша зміна цієї підписки; вона почнеться за хвилину.
freeze-already = ❄️ Цю підписку вже заморожено (або заморозка вже в дорозі).
freeze-failed = Заморозити не вдалося, нічого не змінилося. Спробуйте пізніше.
freeze-refused-limit = Ця підписка вже мала { $limit } заморозок за останні 365 днів.
freeze-refused-nothing-left = Від підписки лишилося менше дня: заморожувати нічого.
freeze-refused-days = Заморозка триває від { $min } до { $max } дн.
freeze-refused-other = Цю підписку не можна заморозити.
freeze-state = ❄️ Заморожена до { $until } · збережено днів: { $bank } · закінчиться { $end }
freeze-state-asked = ❄️ Заморозка на { $days } дн. починається.
unfreeze-done = ▶️ Розморожена: підключення знову працює, підписка закінчується { $end }.
unfreeze-too-soon = Заморозку можна закінчити після її першого дня.
unfreeze-not-frozen = Цю підписку не заморожено.
unfreeze-retrying = ▶️ Сервер відповідає повільно: підписку буде розморожено протягом кількох хвилин.
unfreeze-busy = ▶️ Підписка розморожується просто зараз: відкрийте її знову за мить.
order-applies-after-freeze = ❄️ Ця підписка заморожена: оплачене застосується, коли закінчиться заморожування ({ $date }), або раніше, якщо ви її розморозите.
rollover-carried = +{ $gb } ГБ перенесено
my-status-frozen = ❄️ заморожена

## Issue 31: runway (how long the servers' traffic packages, terms and the hosting balance last)
runway-section = 📉 Запас
runway-title = 📉 <b>Запас</b> · { $at }
    Сповіщення й поради дивляться на { $window } дн. уперед.
runway-balance = Баланс хостингу: { $balance }, { $runway }
runway-balance-days = вистачить на { $days } дн. (до { $date })
runway-balance-beyond = вистачить більш ніж на { $days } дн.
runway-balance-unpriced = не визначити: серверів без відомої ціни продовження: { $servers } (задайте її в Налаштуваннях)
runway-balance-no-servers = немає активних серверів
runway-locations = <b>Локації</b>
runway-location-line = { $emoji } { $name } (серверів: { $servers }): { $when }
runway-servers = <b>Сервери</b>
runway-server-line = { $emoji } <b>{ $name }</b> · { $location }: { $when }
runway-no-location = без локації
runway-empty = Серверів немає.
runway-more = …і ще { $count }
runway-never = кінця не видно
runway-days = { $days } дн.
runway-fix-top-up = ➜ поповніть баланс хостингу на { $amount }
runway-fix-extend = ➜ продовжте сервер { $name }
runway-fix-move = ➜ перенесіть клієнтів із { $name }: { $customers }
runway-card-title = <b>Запас</b>
runway-traffic-untracked = Пакет трафіку: не задано (не відстежується)
runway-traffic = Трафік: { $used } з { $limit } за цей строк
runway-at-average = За середнім за 7 днів ({ $rate } на день): { $when }
runway-at-trend = За трендом ({ $rate } на день): { $when }
runway-chart = Останні 14 днів проти денного бюджету ({ $budget } на день = { $mark }):
runway-term = Строк: лишилося { $days } дн.
runway-term-covered = Строк: лишилося { $days } дн.; автопродовження ввімкнено, балансу вистачає
runway-term-auto-short = Строк: лишилося { $days } дн.; автопродовження ввімкнено, але балансу не вистачить
runway-set-package = 📦 Пакет трафіку
runway-ask-package = Надішліть пакет трафіку цього сервера в ГБ (він оновлюється з кожним оплаченим строком) або 0, щоб не відстежувати.
runway-package-invalid = Надішліть число ГБ від 0 до { $max }.
runway-package-set = 📦 Пакет трафіку задано: { $gb } ГБ.
runway-package-cleared = 📦 Пакет трафіку знято: трафік сервера не відстежується.
runway-alert-traffic = 📉 Сервер <b>{ $name }</b> (#{ ID($id) }): пакет трафіку закінчиться через { $days } дн. (витрачено { $used } з { $limit } за строк).
runway-alert-term = 📉 Сервер <b>{ $name }</b> (#{ ID($id) }): оплачений строк спливає через { $days } дн., і зараз його не буде продовжено (автопродовження вимкнено або балансу не вистачить).
runway-alert-balance = 📉 Балансу хостингу ({ $balance }) вистачить на продовження серверів ще на { $days } дн.
runway-alert-fixes = Що допоможе:
runway-alert-sale-short = 📉 Продаж тарифу { $plan } пішов на сервер <b>{ $name }</b> (#{ ID($id) }): жоден сервер тарифу не має трафіку на його { $days } дн.; у цього запас найбільший.
runway-settings-line = Сповіщення про запас: за { $days } дн. до кінця
runway-settings-edit = 📉 Сповіщення про запас
runway-settings-ask = Надішліть, за скільки днів до кінця запасу сповіщати персонал, через кому (не більше { $count } чисел, кожне від 1 до { $max }), наприклад 14,7,3,1; або - для типового значення.
runway-settings-invalid = Надішліть до { $count } цілих чисел від 1 до { $max } через кому, наприклад 14,7,3,1.
## Bulk move (issue 31): customers moved off a server or a panel location in one action
move-btn-start = 🚚 Перенести клієнтів
move-btn-start-panel = 🚚 Перенести клієнтів з локації
move-end-server = сервер { $name }
move-end-location = локація { $name }
move-sources-title = 🚚 <b>Масове перенесення</b>: з якої локації панелі?
move-targets-title = 🚚 <b>Масове перенесення</b> з { $from }: куди?
move-targets-empty = 🚚 Немає іншого активного сервера чи локації, куди перенести клієнтів з { $from }.
move-who = 🚚 <b>Масове перенесення</b>: { $from } → { $to }
    Клієнтів там: { $count }. Перенести всіх чи вибрати?
move-none = 🚚 На { $from } немає клієнтів магазину.
move-btn-all = 👥 Усіх ({ $count })
move-btn-choose = ☑️ Вибрати клієнтів
move-pick-title = 🚚 Виберіть, кого перенести: { $from } → { $to } (сторінка { $page } з { $pages }). Вибрано: { $picked }.
move-btn-preview-picked = 👀 Попередній перегляд (вибрано { $count })
move-btn-back = ⬅️ Назад
move-preview-title = 🚚 <b>Масове перенесення</b>: { $from } → { $to }
move-preview-moving = Буде перенесено: { $count }
move-preview-names = Серед них: { $names }
move-preview-nothing = Переносити нікого.
move-preview-skipped = Залишаться на місці ({ $count }):
move-preview-skip-line = • { $why }: { $count }
move-preview-clients = Клієнтів на цілі: { $now } → { $after }
move-preview-clients-unknown = Клієнтів на цілі: зараз невідомо
move-preview-runway = Запас цілі після перенесення: { $days } дн. (перенесення стане на паузу нижче { $floor })
move-preview-runway-unknown = Запас цілі: невідомий (пауза за ним не спрацює)
move-preview-runway-low = ⚠️ Це нижче порогу: перенесення одразу стане на паузу й попросить продовжити.
move-btn-confirm = ✅ Перенести { $count }
move-progress-running = 🚚 <b>Перенесення клієнтів</b>: { $from } → { $to }: { $done } з { $total }
    ✅ Перенесено: { $moved } · ⏭ Пропущено: { $skipped } · ⚠️ Помилки: { $failed }
move-progress-paused = ⏸ <b>Перенесення на паузі</b> ({ $from } → { $to }): { $done } з { $total }
    ✅ Перенесено: { $moved } · ⏭ Пропущено: { $skipped } · ⚠️ Помилки: { $failed }
move-progress-paused-runway = ⏸ <b>Перенесення на паузі</b> ({ $from } → { $to }): запас цілі впаде до { $days } дн., нижче { $floor }. Натисніть «Продовжити», щоб переносити далі.
    { $done } з { $total } · ✅ Перенесено: { $moved } · ⏭ Пропущено: { $skipped } · ⚠️ Помилки: { $failed }
move-progress-cancelling = ✖️ <b>Перенесення скасовується</b> ({ $from } → { $to }): розпочатих клієнтів доводять до кінця. { $done } з { $total }
move-progress-cancelled = ✖️ <b>Перенесення скасовано</b> ({ $from } → { $to })
    ✅ Перенесено: { $moved } · ⏭ Не перенесено: { $skipped } · ⚠️ Помилки: { $failed } (з { $total })
move-progress-done = ✅ <b>Перенесення завершено</b> ({ $from } → { $to })
    ✅ Перенесено: { $moved } · ⏭ Пропущено: { $skipped } · ⚠️ Помилки: { $failed } (з { $total })
move-btn-pause = ⏸ Пауза
move-btn-resume = ▶️ Продовжити
move-btn-cancel = ✖️ Скасувати
move-btn-report = 📋 Звіт
move-report-not-moved = Не перенесені:
move-report-line = • { $name }: { $why }
move-report-failed = помилка ({ $error })
move-report-more = …і ще { $count }
move-report-old-left = Старі клієнти залишилися (їхній сервер не відповів): { $count }
move-unchanged = Змінювати нічого: перенесення вже не в цьому стані.
move-not-found = Це перенесення або місце більше невідомі.
move-skip-gone = підписки більше немає
move-skip-not-on-source = уже не там
move-skip-expired = закінчилася
move-skip-frozen = заморожена
move-skip-pending-order = триває продовження, пакет, зміна тарифу чи зміна терміну
move-skip-busy = інша зміна її терміну прийшла раніше
move-skip-disabled = її клієнта вимкнено
move-skip-already-there = уже на цілі
move-skip-no-inbounds = жоден тариф не називає інбаунди цільової локації
move-skip-no-main = основна панель видає спільне посилання: з неї клієнтів не переносять
move-skip-target-term = вона триває довше за оплачений термін цілі
move-skip-cancelled = перенесення скасовано
move-customer-server = 🚚 Ваш VPN ({ $plan }) перенесено на інший сервер. Користуйтеся новим посиланням нижче: старе перестане працювати.
move-customer-location = 🚚 Ваш VPN ({ $plan }) перенесено на локацію { $location }. Посилання підписки те саме: застосунок підхопить зміну, коли оновить підписку.
move-settings-line = Масове перенесення стає на паузу, коли запас цілі впаде нижче: { $days } дн.
move-settings-edit = 🚚 Змінити поріг паузи перенесення
move-settings-ask = 🚚 Масове перенесення клієнтів стає на паузу, коли цільовий сервер протримається менше цієї кількості днів. Надішліть ціле число днів від { $min } до { $max }.
move-settings-invalid = Надішліть ціле число днів від { $min } до { $max }.
