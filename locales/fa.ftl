## Commands (shown in Telegram's command menu)

command-start = منوی اصلی
command-buy = خرید طرح VPN
command-my = اشتراک‌های من
command-wallet = کیف پول و افزایش موجودی
command-trial = دوره آزمایشی رایگان
command-language = تغییر زبان
command-help = راهنما
command-status = وضعیت سرویس
command-admin = منوی مدیریت
command-login = اتصال حساب هاستینگ
command-servers = سرورهای هاستینگ
command-cancel = لغو مرحله فعلی

## Start and help

start-greeting =
    سلام { $name }! 👋
    اینجا می‌توانید دسترسی VPN پرسرعت بخرید، هزینه‌اش را همین‌جا در تلگرام بپردازید و لینک اتصال را در چند ثانیه دریافت کنید.

    گزینه مورد نظرتان را انتخاب کنید:
start-greeting-admin = شما مدیر این فروشگاه هستید: /admin منوی مدیریت را باز می‌کند.
menu-buy = 🛒 خرید VPN
menu-my = 🔑 اشتراک‌های من
menu-wallet = 💰 کیف پول
menu-trial = 🎁 دوره آزمایشی رایگان
menu-language = 🌐 زبان
menu-help = ❓ راهنما
menu-invite = 🤝 دعوت از دوستان
menu-back = « بازگشت
menu-close = ✖ بستن
menu-refresh = 🔄 به‌روزرسانی
menu-main = « منوی اصلی

help-text =
    <b>روش کار</b>
    1. با /buy یک طرح انتخاب کنید و با تلگرام پرداخت کنید.
    2. یک لینک اتصال، یک آدرس اشتراک (Subscription URL) و یک کد QR دریافت می‌کنید.
    3. آن را در یک برنامه VPN وارد کنید (راهنما همراه لینک ارسال می‌شود).

    <b>دستورها</b>
    /start: منوی اصلی
    /buy: خرید طرح
    /my: اشتراک‌ها، مصرف و تمدید
    /wallet: موجودی، افزایش موجودی و تاریخچه
    /trial: دوره آزمایشی رایگان
    /promo: وارد کردن کد تخفیف برای خرید بعدی
    /language: تغییر زبان
    /cancel: لغو مرحله فعلی
help-admin =
    <b>مدیریت</b>
    /admin: منوی مدیریت
    /login: اتصال حساب هاستینگ
    /servers: سرورهای هاستینگ
help-support = پشتیبانی: { $contact }

## Language

language-choose = زبان خود را انتخاب کنید:
language-changed = زبان روی فارسی تنظیم شد.

## Errors

error-generic = متأسفیم، مشکلی در سمت ما پیش آمد. لطفاً چند لحظه دیگر دوباره امتحان کنید.
error-unknown-command = این دستور را نمی‌شناسم. /help فهرست کارهایی را که می‌توانم انجام دهم نشان می‌دهد.
rate-limited = کمی سریع پیش می‌روید. لطفاً چند ثانیه صبر کنید و دوباره امتحان کنید.
error-blocked = دسترسی شما به این فروشگاه مسدود شده است. اگر فکر می‌کنید اشتباهی رخ داده، با پشتیبانی تماس بگیرید.
error-blocked-support = دسترسی شما به این فروشگاه مسدود شده است. اگر فکر می‌کنید اشتباهی رخ داده، با پشتیبانی ({ $contact }) تماس بگیرید.
error-not-admin = این کار فقط برای مدیران فروشگاه است.
error-menu-outdated = این منو قدیمی شده است، منوی تازه اینجاست.
cancelled = لغو شد.
nothing-to-cancel = چیزی برای لغو وجود ندارد.
free-text-hint = من به دکمه‌ها و دستورها پاسخ می‌دهم: منو اینجاست. /help توضیحات بیشتری می‌دهد.

## Conversations

conv-cancel = ✖ لغو
conv-send-text = لطفاً پاسخ را به صورت پیام متنی بفرستید، یا روی «لغو» بزنید.
secret-late-deleted = پیام شما را حذف کردم: بعد از پایان سؤال رسید و ممکن است حاوی رمز عبور یا کلید باشد. در صورت نیاز دوباره شروع کنید (مثلاً /login).

## Hosting errors

hosting-error-unauthorized = 🔑 کلید API هاستینگ باطل شده یا نامعتبر است. حساب هاستینگ را دوباره متصل کنید.
hosting-error-lte = این کار به دسترسی LTE خریداری‌شده برای سرور نیاز دارد. آن را در پنل وب بخرید و دوباره امتحان کنید.
hosting-error-forbidden = حساب هاستینگ شرایط لازم را ندارد: در پنل وب یک ایمیل و یک نام مستعار (nickname) ثبت کنید و دوباره امتحان کنید.
hosting-error-not-found = پیدا نشد: ممکن است حذف شده باشد یا متعلق به حساب دیگری باشد.
hosting-error-conflict = تداخل: { $detail }
hosting-error-unavailable = ⏳ سرویس هاستینگ موقتاً در دسترس نیست. لطفاً یک دقیقه دیگر دوباره امتحان کنید.
hosting-error-bad-request = سرویس هاستینگ درخواست را رد کرد: { $detail }
hosting-error-status = سرویس هاستینگ با خطا پاسخ داد ({ $status }): { $detail }
hosting-error-unreachable = ⏳ سرویس هاستینگ پاسخ نداد. لطفاً یک دقیقه دیگر دوباره امتحان کنید.
hosting-error-unexpected = سرویس هاستینگ پاسخی فرستاد که آن را متوجه نشدیم. لطفاً بعداً دوباره امتحان کنید.
hosting-error-input = ارسال این مورد ممکن نیست: { $problem }

## Admin

admin-title = 🛠 <b>منوی مدیریت</b>
admin-account = 🏦 حساب هاستینگ
admin-servers = 🖥 سرورها
admin-home = « منوی مدیریت
admin-refused = این کار فقط برای مدیران فروشگاه است.
admin-private-only = امکانات مدیریت فقط در گفتگوی خصوصی با ربات کار می‌کنند.

## Hosting account

account-not-linked =
    🏦 <b>حساب هاستینگ</b>
    حساب هاستینگ هنوز متصل نشده است. آن را با نام کاربری و رمز عبور پنل وب متصل کنید، یا یک کلید API ساخته‌شده در پنل را اینجا بچسبانید.
account-env-key = کلید API از تنظیم ACCOUNT_API_KEY می‌آید ({ $prefix })؛ برای اتصال حساب از طریق گفتگو، این تنظیم را خالی کنید.
account-card =
    🏦 <b>حساب هاستینگ</b>
    کاربر: { $username }
    شناسه تلگرام: <code>{ ID($tgid) }</code>
    موجودی: <b>{ $balance }</b> { $currency }
    سرورها: { $servers }
    کلید API: <code>{ $prefix }</code> ({ $source })
account-source-env = از تنظیمات
account-source-linked = متصل‌شده در گفتگو
account-link = 🔗 اتصال با نام کاربری و رمز عبور
account-paste-key = 🔑 چسباندن کلید API
account-unlink = قطع اتصال
account-relink = 🔗 اتصال دوباره
account-unlink-confirm = اتصال حساب هاستینگ قطع شود؟ تا وقتی حسابی دوباره متصل نشود، ربات مدیریت سرورها را متوقف می‌کند.
account-unlink-yes = بله، قطع شود
account-unlinked = اتصال حساب هاستینگ قطع شد.
account-ask-login = <b>نام کاربری یا ایمیل</b> حساب هاستینگ خود (پنل وب) را بفرستید.
account-ask-password = حالا <b>رمز عبور</b> را بفرستید. پیام بلافاصله پس از خواندن حذف می‌شود و رمز عبور هرگز ذخیره نمی‌شود.
account-ask-code = این حساب احراز هویت دومرحله‌ای دارد. <b>کد ۶ رقمی</b> برنامه احراز هویت خود را بفرستید.
account-code-format = کد ۶ رقم است، مثلاً 123456.
account-code-wrong = این کد پذیرفته نشد. کد ۶ رقمی فعلی را دوباره بفرستید.
account-wrong-credentials = نام کاربری یا رمز عبور اشتباه است. بیایید از اول شروع کنیم.
account-too-many-tries = تلاش‌های ناموفق بیش از حد. بعداً دوباره /login را امتحان کنید.
account-needs-cabinet-key = این حساب از احراز هویت دومرحله‌ای با ایمیل یا پیام‌رسان استفاده می‌کند که API نمی‌تواند از آن استفاده کند. در پنل وب یک کلید API بسازید و اینجا بچسبانید.
account-key-limit = این حساب از قبل ۲۰ کلید API فعال دارد. یکی را در پنل وب باطل کنید و دوباره امتحان کنید.
account-linked = ✅ حساب هاستینگ متصل شد. کلید API: <code>{ $prefix }</code>
account-ask-key = <b>کلید API</b> ساخته‌شده در پنل وب را بچسبانید. پیام بلافاصله پس از خواندن حذف می‌شود.
account-key-format = این شبیه کلید API نیست (کلید با یک پیشوند و یک زیرخط شروع می‌شود).
account-key-invalid = API هاستینگ این کلید را نپذیرفت (نامعتبر یا باطل‌شده). آن را بررسی کنید و دوباره امتحان کنید.

## Servers

servers-title = 🖥 <b>سرورها</b> ({ $count })
servers-page = صفحه { $page } از { $pages }
servers-empty = حساب هاستینگ هنوز هیچ سروری ندارد.
servers-item = { $emoji } <b>{ $name }</b>: { $status } · { $kind } · { $days }
servers-days-left = { $days ->
    [one] { $days } روز مانده
   *[other] { $days } روز مانده
}
servers-status-active = فعال
servers-status-expired = منقضی‌شده
servers-status-suspended = معلق
servers-kind-xui = xui
servers-kind-remnanode = remnanode
servers-kind-other = سایر
servers-prev = ‹ قبلی
servers-next = بعدی ›
servers-back-list = « سرورها
servers-back-card = « بازگشت به سرور
servers-card =
    🖥 <b>{ $name }</b> (#{ ID($id) })
    وضعیت: { $emoji } { $status }
    نوع: { $kind }
    تعرفه: { $tariff }
    انقضا: { $expires } ({ $days })
    پردازنده: { $cpu } { $cores ->
        [one] هسته
       *[other] هسته
    } · حافظه: { $memory } MB · دیسک: { $disk } GB
    ویژگی‌ها: { $flags }
servers-flag-bypass = bypass
servers-flag-xui = xui
servers-flag-remnanode = remnanode
servers-live =
    <b>وضعیت زنده</b>
    حالت: { $state }
    بار CPU: { $cpu }% · بار RAM: { $ram }%
    زمان کارکرد: { $uptime }
servers-stats-unavailable = <b>وضعیت زنده</b>: آمار در دسترس نیست ({ $reason })
servers-state-running = 🟢 در حال اجرا
servers-state-offline = 🔴 خاموش
servers-state-unknown = نامشخص
servers-start = ▶️ روشن کردن
servers-stop = ⏹ خاموش کردن
servers-restart = 🔁 راه‌اندازی مجدد
servers-extend = 📅 تمدید ۳۰ روزه
servers-core = ⚙️ نسخه هسته
servers-config = 📄 پیکربندی
servers-regen = ♻️ بازسازی
servers-users = 👥 کاربران
servers-inbounds = 📥 اینباندها
servers-no = ✖ خیر
servers-already-done = این کار قبلاً انجام شده است.
servers-confirm-expired = این تأیید منقضی شده است. کار را دوباره از کارت سرور باز کنید.
servers-power-confirm-start = ▶️ سرور «{ $name }» روشن شود؟
servers-power-confirm-stop = ⏹ سرور «{ $name }» خاموش شود؟ کاربران آن تا روشن شدن دوباره، اتصال خود را از دست می‌دهند.
servers-power-confirm-restart = 🔁 سرور «{ $name }» راه‌اندازی مجدد شود؟ اتصال کاربران آن برای لحظه‌ای قطع می‌شود.
servers-power-done-start = ✅ روشن شد.
servers-power-done-stop = ✅ خاموش شد.
servers-power-done-restart = ✅ راه‌اندازی مجدد انجام شد.
servers-power-state = حالت فعلی: { $state }.
servers-extend-confirm =
    📅 <b>سرور «{ $name }» به مدت ۳۰ روز تمدید شود؟</b>
    انقضای فعلی: { $expires } ({ $days })
    { $price }
    موجودی حساب: { $balance }
    هزینه تمدید از موجودی حساب پرداخت می‌شود.
servers-extend-price-learned = قیمت: { $price } (هزینه آخرین تمدید)
servers-extend-price-hint = قیمت: حدود { $price } (تعیین‌شده در تنظیمات)
servers-extend-price-unknown = قیمت: تا اولین تمدید نامشخص است
servers-extend-yes = ✅ بله، تمدید شود
servers-extend-done =
    ✅ سرور «{ $name }» به مدت ۳۰ روز تمدید شد.
    انقضای جدید: { $expires } ({ $days })
    موجودی حساب: { $balance }
servers-extend-no-balance = ❌ موجودی برای تمدید کافی نیست؛ هیچ مبلغی کسر نشد. موجودی را در پنل وب افزایش دهید و دوباره امتحان کنید.
servers-extend-unknown = ⚠️ سرویس هاستینگ پاسخ درستی نداد، پس نتیجه نامشخص است: ممکن است سرور تمدید شده باشد یا نشده باشد. پیش از تلاش دوباره، تاریخ انقضا را در کارت سرور بررسی کنید.
servers-balance-unknown = نامشخص
servers-extend-checked = ℹ️ سرویس هاستینگ پاسخ روشنی نداد، پس سرور را بررسی کردم: تمدید انجام شده است (فقط یک بار کسر شد).
servers-extend-already = ✅ سرور «{ $name }» برای این تاریخ انقضا قبلاً تمدید شده است: اکنون { $expires } ({ $days }). با این ضربه هیچ مبلغی کسر نشد.
servers-extend-changed = ℹ️ تاریخ انقضای سرور «{ $name }» از زمان این تأیید تغییر کرده است: اکنون { $expires } ({ $days }). هیچ مبلغی کسر نشد؛ اگر هنوز تمدید را می‌خواهید، دوباره آن را باز کنید.
servers-extend-busy = ⏳ این سرور همین حالا در حال تمدید است (با ضربه‌ای دیگر یا تمدید خودکار). با این ضربه هیچ مبلغی کسر نشد؛ کارت سرور تا یک دقیقه دیگر نتیجه را نشان می‌دهد.
servers-extend-blocked = ⏳ برای تمدید قبلی این سرور پاسخ روشنی دریافت نشد و ممکن است هنوز انجام شود، پس تمدید جدید تا { $time } مسدود است. با این ضربه هیچ مبلغی کسر نشد.
servers-extend-not-charged = ⚠️ سرویس هاستینگ پاسخ روشنی نداد ({ $reason })، پس سرور را بررسی کردم: تمدید نشده و هیچ مبلغی کسر نشده است. می‌توانید دوباره امتحان کنید.
servers-extend-retry = 🔁 تلاش دوباره
servers-extend-retry-blocked = درخواست ممکن است هنوز انجام شود، پس تمدید جدید این سرور تا { $time } مسدود است؛ تمدید جدید ابتدا تاریخ انقضای سرور را می‌خواند.
servers-extend-retry-checks = تمدید جدید این سرور ابتدا تاریخ انقضای آن را می‌خواند، پس امکان کسر دوباره وجود ندارد.
servers-config-xui =
    📄 <b>پنل سرور #{ ID($id) }</b>
    پنل: { $url }
    کاربر: <code>{ $username }</code>
    رمز عبور: <tg-spoiler>{ $password }</tg-spoiler>
    مسیر وب: <code>{ $webPath }</code>
    آدرس نود: <code>{ $node }</code>
servers-config-caption = 📄 پروفایل پیکربندی سرور #{ ID($id) }. آن را در پنل مدیریت خودتان بارگذاری کنید.
servers-regen-warning-xui =
    ⚠️ <b>پیکربندی «{ $name }» بازسازی شود؟</b>
    یک اینباند جدید ساخته می‌شود و همه کاربران (کلاینت‌های) اینباند فعلی <b>از کار می‌افتند</b>: به لینک‌های جدید نیاز دارند. این کار برگشت‌پذیر نیست.
servers-regen-warning-remnanode =
    ⚠️ <b>پیکربندی «{ $name }» بازسازی شود؟</b>
    کلیدهای reality و پروفایل جدید ساخته می‌شوند و <b>کلیدهای قدیمی نامعتبر می‌شوند</b>: اتصال‌های مبتنی بر پروفایل فعلی تا وقتی پنل شما پروفایل جدید را بارگذاری کند قطع می‌مانند. این کار برگشت‌پذیر نیست.
servers-regen-warning-other =
    ⚠️ <b>پیکربندی «{ $name }» بازسازی شود؟</b>
    پیکربندی فعلی <b>از کار می‌افتد</b>. این کار برگشت‌پذیر نیست.
servers-regen-yes = ⚠️ بله، بازسازی شود
servers-regen-done-xui = ✅ پیکربندی بازسازی شد: اینباند جدید ساخته شد (شناسه { $inbound }). کاربران اینباند قدیمی دیگر کار نمی‌کنند؛ آن‌ها را دوباره بسازید.
servers-regen-done-xui-noid = ✅ پیکربندی بازسازی شد: یک اینباند جدید ساخته شد. کاربران اینباند قدیمی دیگر کار نمی‌کنند؛ آن‌ها را دوباره بسازید.
servers-regen-done-remnanode = ✅ پیکربندی با کلیدهای reality جدید بازسازی شد. پروفایل جدید به صورت یک سند JSON در ادامه ارسال می‌شود.
servers-regen-caption = 📄 پروفایل پیکربندی جدید سرور #{ ID($id) }. آن را در پنل خود بارگذاری کنید؛ کلیدهای قدیمی دیگر معتبر نیستند.
servers-core-title =
    ⚙️ <b>نسخه هسته پراکسی «{ $name }»</b>
    نسخه نصب‌شده فعلی: { $current }
    نسخه‌ای را که باید نصب شود انتخاب کنید. سرور باید در حال اجرا باشد.
servers-core-default = { $version } (پیش‌فرض)
servers-core-current-unknown = نامشخص (هنوز از طریق این ربات نصب نشده است)
servers-core-confirm =
    ⚙️ <b>نسخه { $version } هسته پراکسی روی «{ $name }» نصب شود؟</b>
    نسخه نصب‌شده فعلی: { $current }
    تغییر: { $from } → { $version }
    سرور باید در حال اجرا باشد.
servers-core-yes = ✅ بله، { $version } نصب شود
servers-core-done = ✅ هسته پراکسی سرور #{ ID($id) } اکنون نسخه { $version } است.
servers-core-not-running = سرور در حال اجرا نیست؛ آن را روشن کنید، حدود ۳۰ ثانیه صبر کنید و دوباره امتحان کنید.
servers-core-no-pin = این سرور بخش core-pin ندارد؛ نسخه قابل تغییر نیست.
servers-core-files = خواندن یا نوشتن فایل‌های سرور ممکن نشد؛ بعداً دوباره امتحان کنید یا با پشتیبانی هاستینگ تماس بگیرید.

## xui users

xui-list-title = 👥 <b>کاربران xui سرور #{ ID($id) }</b>
xui-list-summary = اینباند { $inbound } · { $count ->
    [one] { $count } کاربر
   *[other] { $count } کاربر
} · صفحه { $page } از { $pages }
xui-list-empty = هنوز کاربری وجود ندارد. برای افزودن اولین کاربر روی «ساخت کاربر» بزنید.
xui-list-line = { $mark }<b>{ $name }</b> — { $usage } · { $expiry }
xui-used-of = { $used } / { $limit }
xui-unlimited = نامحدود
xui-no-expiry = بدون انقضا
xui-until = تا { $date }
xui-page-prev = ‹ قبلی
xui-page-next = بعدی ›
xui-create = ➕ ساخت کاربر
xui-inbounds = 📡 اینباندها
xui-users = 👥 کاربران
xui-back-server = « بازگشت به سرور
xui-back-list = « بازگشت به کاربران
xui-only-xui = کاربران را اینجا فقط روی سرورهای نوع xui می‌توان مدیریت کرد. سرور remnanode کاربرانش را از پنل مدیریت خودتان می‌گیرد.
xui-status-active = ✅ فعال
xui-status-disabled = 🚫 غیرفعال (مسدود)
xui-status-expired = ⌛ منقضی‌شده
xui-status-depleted = 📉 سقف ترافیک تمام شده
xui-card-title = 👤 <b>{ $name }</b> · سرور #{ ID($id) }
xui-card-status = وضعیت: { $status }
xui-card-limit = سقف ترافیک: { $limit }
xui-card-used = مصرف‌شده: { $used } (↑ { $up } · ↓ { $down })
xui-card-expiry = انقضا: { $date }
xui-card-expiry-left = انقضا: { $date } ({ $days ->
    [one] { $days } روز مانده
   *[other] { $days } روز مانده
})
xui-card-no-expiry = انقضا: هرگز (بدون انقضا)
xui-card-uuid = شناسه UUID: <code>{ $uuid }</code>
xui-btn-limit = 📦 تغییر سقف
xui-btn-term = 📅 تعیین مدت
xui-btn-ban = 🚫 مسدود کردن
xui-btn-unban = ✅ رفع مسدودیت
xui-btn-delete = 🗑 حذف
xui-banned = 🚫 <b>{ $name }</b> مسدود شد: کاربر حفظ می‌شود اما تا رفع مسدودیت نمی‌تواند متصل شود.
xui-unbanned = ✅ مسدودیت <b>{ $name }</b> برداشته شد و دوباره می‌تواند متصل شود.
xui-delete-confirm =
    🗑 <b>کاربر { $name } حذف شود؟</b>
    لینک VLESS و اشتراک آن بلافاصله از کار می‌افتند. این کار برگشت‌پذیر نیست.
xui-delete-yes = 🗑 بله، حذف شود
xui-deleted = 🗑 کاربر <b>{ $name }</b> حذف شد.
owners-warning = ⚠️ { $count ->
        [one] { $count } مشتری روی آن است:
       *[other] { $count } مشتری روی آن هستند:
    }
owners-line = • { $who } · { $plan }، تا { $until }
owners-delete-note = اشتراک‌های فروشگاهی آن‌ها به عنوان حذف‌شده علامت می‌خورند: /my این را نشان می‌دهد و یادآوری‌ها متوقف می‌شوند.
owners-rename-note = اشتراک‌های فروشگاهی آن‌ها از نام جدید پیروی می‌کنند.
owners-regen-note = لینک‌های آن‌ها از کار می‌افتند؛ به دسترسی جدید نیاز دارند که فعلاً خودکار دوباره صادر نمی‌شود.
owners-removed = 🔗 در فروشگاه به عنوان حذف‌شده علامت خورد: { $who }.
owners-renamed = 🔗 فروشگاه از نام جدید پیروی می‌کند برای: { $who }.
owners-not-followed = ⚠️ سوابق فروشگاه درباره مشتریان این کلاینت به‌روزرسانی نشد؛ اشتراک‌های آن‌ها را بررسی کنید.
owners-term = 🔗 انقضا و یادآوری‌های فروشگاه از مدت جدید پیروی می‌کنند برای: { $who }.
owners-regen-done = ⚠️ { $count ->
        [one] { $count } اشتراک فروشگاهی روی این سرور بود؛ لینک‌های آن از کار افتاد:
       *[other] { $count } اشتراک فروشگاهی روی این سرور بودند؛ لینک‌های آن‌ها از کار افتاد:
    }
xui-delete-already = این حذف قبلاً انجام شده است (دکمه بیش از یک بار زده شد).
xui-delete-expired = این تأیید منقضی شده است. برای حذف، کاربر را دوباره باز کنید.
xui-ask-name =
    ➕ <b>کاربر جدید روی سرور #{ ID($id) }</b>
    یک <b>نام</b> بفرستید: ۱ تا ۳۲ نویسه، شامل حروف لاتین، ارقام و _ . @ - (بدون فاصله).
    برای اینکه سرویس هاستینگ نامی بسازد، <code>-</code> را بفرستید.
xui-name-invalid = نام باید ۱ تا ۳۲ نویسه از حروف لاتین، ارقام و _ . @ - (بدون فاصله) باشد، یا <code>-</code> برای نام خودکار.
xui-ask-gb = سقف ترافیک به <b>گیگابایت</b>، مثلاً 50 یا 2.5. برای نامحدود <code>0</code> بفرستید.
xui-gb-invalid = تعداد گیگابایت را بفرستید، 0 یا بیشتر (0 = نامحدود)، مثلاً 50 یا 2.5.
xui-ask-days = مدت به <b>روز، از امروز</b>، مثلاً 30. برای بدون انقضا <code>0</code> بفرستید.
xui-days-invalid = یک عدد صحیح روز بفرستید، 0 یا بیشتر (0 = بدون انقضا)، مثلاً 30.
xui-created = ✅ کاربر <b>{ $name }</b> روی سرور #{ ID($id) } ساخته شد.
xui-created-renamed = ⚠️ نام <b>{ $wanted }</b> قبلاً گرفته شده بود، پس سرویس هاستینگ نام کاربر را <b>{ $name }</b> گذاشت. از این به بعد از این نام استفاده کنید.
xui-created-generated = سرویس هاستینگ نام <b>{ $name }</b> را ساخت.
xui-created-terms = سقف: { $limit } · مدت: { $term }
xui-term-days = { $days ->
    [one] { $days } روز
   *[other] { $days } روز
} از امروز
xui-created-link = 🔗 <b>لینک VLESS</b> (برای کپی بزنید):
xui-created-subs = 📥 <b>لینک‌های اشتراک</b>:
xui-created-no-subs = (سرویس هاستینگ هیچ لینک اشتراکی برنگرداند)
xui-qr-caption = کد QR لینک VLESS کاربر { $name }
xui-open-card = 👤 باز کردن کاربر
xui-ask-limit = 📦 سقف ترافیک جدید <b>{ $name }</b> را به <b>گیگابایت</b> بفرستید، مثلاً 50 یا 2.5 (0 = نامحدود). ترافیک مصرف‌شده صفر نمی‌شود.
xui-limit-set = ✅ سقف ترافیک <b>{ $name }</b> اکنون { $limit } است.
xui-ask-term = 📅 مدت جدیدی برای <b>{ $name }</b> تعیین کنید: N، یعنی تعداد روز از امروز را بفرستید (0 = بدون انقضا). این مقدار جایگزین انقضای فعلی می‌شود و به آن اضافه نمی‌شود.
xui-term-set = ✅ مدت جدید <b>{ $name }</b>: { $days ->
    [one] { $days } روز
   *[other] { $days } روز
} از امروز، تا { $date }.
xui-term-set-days = ✅ مدت جدید <b>{ $name }</b>: { $days ->
    [one] { $days } روز
   *[other] { $days } روز
} از امروز.
xui-term-set-none = ✅ <b>{ $name }</b> اکنون بدون انقضا است.
xui-inbounds-title = 📡 <b>اینباندهای سرور #{ ID($id) }</b>
xui-inbounds-empty = پنل هیچ اینباندی ندارد.
xui-inbound-line =
    <b>#{ ID($id) }</b> { $remark }
    { $protocol } · { $network } · پورت { $port } · مسیر { $path } · { $clients }
xui-inbound-clients = { $count ->
    [one] { $count } کاربر
   *[other] { $count } کاربر
}
xui-inbound-clients-unknown = کاربران: ?

## Access delivery

access-term = معتبر تا { $until } · ترافیک: { $traffic } · دستگاه‌ها: { $devices }
access-no-expiry = بدون انقضا
access-unlimited = نامحدود
access-links = 🔗 <b>{ $count ->
    [one] لینک اتصال
   *[other] لینک‌های اتصال
  }</b> (برای کپی بزنید):
access-subscription = 📥 <b>آدرس اشتراک</b> (آن را به برنامه‌تان اضافه کنید؛ سرورهایتان را به‌روز نگه می‌دارد):
access-howto =
    <b>روش اتصال</b>
    • <b>اندروید</b>: Hiddify یا v2rayNG ← ➕ ← Import from clipboard
    • <b>آی‌اواس</b>: Streisand یا V2Box ← ➕ ← Add from clipboard
    • <b>ویندوز</b>: Hiddify یا v2rayN ← Add profile from clipboard
    • <b>مک‌اواس</b>: Hiddify یا V2Box ← Import from clipboard
    • <b>لینوکس</b>: Hiddify یا Nekoray ← Import from clipboard
    یا کد QR را با برنامه اسکن کنید.
access-qr-caption = کد QR برای برنامه VPN شما
delivery-ready = ✅ <b>VPN شما آماده است: { $plan }</b>
delivery-trial = 🎁 <b>دوره آزمایشی رایگان شما آماده است: { $days ->
    [one] { $days } روز
   *[other] { $days } روز
}، { $traffic }</b>
delivery-trial-unlimited = ترافیک نامحدود
delivery-renewed = 🔄 <b>تمدید شد: { $plan }</b>
delivery-open-my = 🔑 اشتراک‌های من
drift-access-recreated = 🔧 <b>دسترسی VPN شما دوباره راه‌اندازی شد: { $plan }</b>
    دسترسی قبلی شما در سمت هاستینگ از کار افتاده بود، پس آن را با همان مدت دوباره ساختیم. لینک یا اشتراک قدیمی را در برنامه‌تان با مورد جدید زیر جایگزین کنید.
drift-access-moved = 🔀 <b>VPN شما به سرور دیگری منتقل شد: { $plan }</b>
    سرور قبلی شما دیگر در دسترس نیست، پس دسترسی شما را با همان مدت و ترافیک باقی‌مانده منتقل کردیم. لینک قدیمی را در برنامه‌تان با لینک جدید زیر جایگزین کنید.
delivery-failed = 😔 نتوانستیم دسترسی VPN شما را راه‌اندازی کنیم. مبلغ { $amount } به کیف پول شما برگشت؛ می‌توانید از آن برای خرید دیگری استفاده کنید یا بعداً دوباره امتحان کنید. به مدیران اطلاع داده شد.
delivery-failed-trial = 😔 نتوانستیم دوره آزمایشی رایگان شما را راه‌اندازی کنیم. می‌توانید بعداً دوباره /trial را امتحان کنید؛ به مدیران اطلاع داده شد.
delivery-delayed = ⏳ این کار بیشتر از معمول طول می‌کشد: سمت هاستینگ هنوز پاسخ نمی‌دهد. پرداخت شما امن است: دسترسی VPN شما به محض آماده شدن خودکار همین‌جا می‌رسد، یا مبلغ به کیف پولتان برمی‌گردد.
delivery-delayed-renewal = ⏳ تمدید شما بیشتر از معمول طول می‌کشد: سمت هاستینگ هنوز پاسخ نمی‌دهد. پرداخت شما امن است: مدت جدید خودکار اعمال می‌شود و همین‌جا پیامی دریافت می‌کنید، یا مبلغ به کیف پولتان برمی‌گردد.
delivery-delayed-trial = ⏳ دوره آزمایشی رایگان شما بیشتر از معمول طول می‌کشد: سمت هاستینگ هنوز پاسخ نمی‌دهد. به محض آماده شدن، خودکار همین‌جا می‌رسد.
alert-order-failed = ⚠️ سفارش { $order } ناموفق بود: { $what }. مشتری { ID($customer) }، طرح { $plan }؛ { $amount } به کیف پول بازپرداخت شد. جزئیات در لاگ است.
alert-renewal-failed = ⚠️ تمدید { $order } اشتراک { $subscription } ناموفق بود: { $what }. مشتری { ID($customer) }، طرح { $plan }؛ { $amount } به کیف پول بازپرداخت شد و مدت اشتراک حفظ می‌شود. جزئیات در لاگ است.
alert-order-orphan = 🧹 کلاینت آن، { $name } ({ $place })، حذف نشد: آن را دستی حذف کنید.
renewal-failed = 😔 نتوانستیم «{ $plan }» را تمدید کنیم. مبلغ { $amount } به کیف پول شما برگشت. اشتراک شما مدت فعلی‌اش را تا { $date } حفظ می‌کند؛ می‌توانید بعداً دوباره برای تمدید تلاش کنید. به مدیران اطلاع داده شد.
renewal-failed-no-date = 😔 نتوانستیم «{ $plan }» را تمدید کنیم. مبلغ { $amount } به کیف پول شما برگشت. اشتراک شما مدت فعلی‌اش را حفظ می‌کند؛ می‌توانید بعداً دوباره برای تمدید تلاش کنید. به مدیران اطلاع داده شد.
failure-api = { $api ->
    [account] API حساب هاستینگ
    [panel] پنل
   *[node] نود
}
failure-op = { $op ->
    [create] ساخت کلاینت
    [change] تغییر کلاینت
    [delete] حذف کلاینت
   *[read] خواندن کلاینت
}
failure-refused = { failure-api } از { failure-op } خودداری کرد ({ $status } { $detail })
failure-unauthorized = { failure-api } کلید یا توکن ما را نپذیرفت ({ $status })
failure-lte = دسترسی LTE برای سرور خریداری نشده است ({ $status })
failure-forbidden = حساب هاستینگ به یک ایمیل و یک نام مستعار نیاز دارد ({ $status })
failure-internal = { failure-api } با خطای داخلی مواجه شد ({ $status })
failure-unavailable = { failure-api } موقتاً در دسترس نبود ({ $status })
failure-timeout = { failure-api } به موقع پاسخ نداد
failure-unreachable = دسترسی به { failure-api } ممکن نشد
failure-unreadable = { failure-api } پاسخی داد که نتوانستیم بخوانیم
failure-input = درخواست پیش از ارسال رد شد: { $detail }
failure-provisioning = راه‌اندازی آن ممکن نشد: { $detail }
failure-unknown = یک خطای غیرمنتظره
failure-place-xui = سرور xui #{ ID($id) }
failure-place-panel = مکان‌های پنل { $locations }
failure-place-node = نود

## Payments

invoice-order-title = طرح VPN
invoice-renewal-title = تمدید VPN
invoice-order-description = { $plan }. قیمت { $amount }.
invoice-order-description-rest = { $plan }: اکنون { $due } پرداخت کنید؛ موجودی کیف پول شما { $covered } باقی‌مانده از قیمت { $price } را پوشش می‌دهد.
invoice-topup-title = افزایش موجودی کیف پول
invoice-topup-description = مبلغ { $amount } را به کیف پول شما در فروشگاه VPN اضافه می‌کند.
invoice-try-again = فروشگاه همین حالا مشغول است. لطفاً چند لحظه دیگر دوباره امتحان کنید.
invoice-already-sent = صورت‌حساب همین چند لحظه پیش ارسال شد: در گفتگوی بالا است، همان‌جا پرداخت کنید. چند دقیقه دیگر می‌توانید صورت‌حساب جدید بگیرید.
invoice-refused-invoice-invalid = این صورت‌حساب دیگر با سفارش شما مطابقت ندارد. لطفاً خرید را دوباره شروع کنید.
invoice-refused-invoice-expired = این صورت‌حساب منقضی شده است. لطفاً خرید را دوباره شروع کنید.
invoice-refused-blocked = دسترسی شما به این فروشگاه مسدود شده است.
payment-order-paid = ✅ پرداخت دریافت شد. در حال آماده‌سازی دسترسی VPN شما، چند ثانیه طول می‌کشد…
payment-order-short = پرداخت شما در کیف پولتان است (موجودی { $balance })، اما دیگر این سفارش را پوشش نمی‌دهد. کیف پول را باز کنید تا موجودی را افزایش دهید یا دوباره خرید کنید.
payment-order-expired = ✅ پرداخت { $amount } دریافت شد. سفارش منقضی شده بود، پس مبلغ در کیف پول شما است (موجودی { $balance })؛ هر زمان بخواهید می‌توانید با آن خرید کنید.
payment-order-already-paid = ✅ پرداخت { $amount } دریافت شد. این سفارش قبلاً پرداخت شده بود، پس این مبلغ در کیف پول شما است (موجودی { $balance })؛ هر زمان بخواهید می‌توانید با آن خرید کنید.
payment-order-promo-refused = ✅ پرداخت { $amount } دریافت شد، اما { $reason ->
    [not-new] کد تخفیف <b>{ $code }</b> فقط برای مشتریان جدید است و سفارش دیگری از شما زودتر پرداخت شد.
   *[other] کد تخفیف <b>{ $code }</b> روی این سفارش دیگر قابل استفاده نیست.
} این سفارش لغو شد و مبلغ در کیف پول شما است (موجودی { $balance }): هر زمان خواستید، طرح را دوباره با قیمت کامل بخرید.
payment-topup-done = ✅ { $amount } به کیف پول شما اضافه شد. موجودی: { $balance }.
payment-stored-later = ✅ پرداخت دریافت شد و نزد ما امن است. واریز آن کمی بیشتر از معمول طول می‌کشد؛ وقتی انجام شد، همین‌جا پیامی دریافت می‌کنید.

## Reconciliation

reconcile-order = ✅ پرداخت { $amount } شما را که به دست ما نرسیده بود پیدا کردیم. سفارش شما اکنون در حال آماده‌سازی است.
reconcile-credited = ✅ پرداخت { $amount } شما را که به دست ما نرسیده بود پیدا کردیم. اکنون در کیف پول شما است (موجودی { $balance }).

## Admin: customers and failed orders

admin-customers = 👥 مشتریان
admin-failed-orders = ⚠️ سفارش‌های ناموفق
customers-title = 👥 <b>مشتریان</b>: { $count }
customers-hint = مشتری را با شناسه تلگرام یا @username پیدا کنید تا کیف پول، دفتر حساب، اشتراک‌ها و سفارش‌هایش را ببینید.
customers-find = 🔍 یافتن مشتری
customers-recent = جدیدترین مشتریان:
customers-back = « مشتریان
customers-back-card = « مشتری
customers-back-subs = « اشتراک‌ها
customers-cancel = ✖ لغو
customers-gone = مشتری‌ای با شناسه <code>{ ID($id) }</code> وجود ندارد.
customers-ask-query = <b>شناسه تلگرام</b> مشتری (مثلاً 123456789) یا <b>@username</b> او را بفرستید.
customers-query-invalid = یک شناسه عددی تلگرام یا یک @username (حروف، ارقام و _) بفرستید.
customers-not-found = هیچ مشتری‌ای با <b>{ $query }</b> مطابقت ندارد (شاید هنوز ربات را شروع نکرده باشد). شناسه یا @username دیگری بفرستید، یا روی «لغو» بزنید.
customers-card-title = 👤 <b>{ $name }</b> · { $username }
customers-card-id = شناسه: <code>{ ID($id) }</code>
customers-card-language = زبان: { $language }
customers-lang-en = انگلیسی
customers-lang-ru = روسی
customers-lang-uk = اوکراینی
customers-lang-fa = فارسی
customers-card-joined = تاریخ عضویت: { $date }
customers-card-blocked = وضعیت: ⛔ مسدود
customers-card-not-blocked = وضعیت: ✅ مسدود نیست
customers-card-bot-blocked = ⚠️ مشتری ربات را مسدود کرده است.
customers-card-trial-used = دوره آزمایشی: استفاده‌شده در { $date }
customers-card-trial-unused = دوره آزمایشی: استفاده نشده
customers-card-balance = کیف پول: <b>{ $balance }</b>
customers-card-subs = اشتراک‌ها: { $count } ({ $active } فعال)
customers-btn-ledger = 📒 دفتر حساب
customers-btn-subs = 🔑 اشتراک‌ها
customers-btn-orders = 🧾 سفارش‌ها
customers-btn-credit = ➕ واریز
customers-btn-debit = ➖ برداشت
customers-btn-block = ⛔ مسدود کردن
customers-btn-unblock = ✅ رفع مسدودیت
customers-blocked = ⛔ مشتری مسدود شد: دیگر نمی‌تواند خرید، تمدید یا پرداخت کند.
customers-unblocked = ✅ مسدودیت مشتری برداشته شد.
customers-told = 📨 به مشتری اطلاع داده شد.
customers-not-told = 📭 اطلاع‌رسانی به مشتری ممکن نشد (ربات را مسدود کرده یا در دسترس نیست).
customers-ask-block-reason = ⛔ چرا <b>{ $name }</b> مسدود می‌شود؟ <b>دلیل</b> را بفرستید (حداکثر ۲۰۰ نویسه)؛ به مشتری اطلاع داده می‌شود.
customers-confirm-block =
    { $name } (<code>{ ID($id) }</code>) مسدود شود؟
    دلیل: <i>{ $reason }</i>
    دیگر نمی‌تواند خرید، تمدید یا پرداخت کند و پیامی همراه با دلیل دریافت می‌کند.
customers-block-yes = ⛔ بله، مسدود شود
notice-credited = 💰 مدیران فروشگاه { $amount } به کیف پول شما واریز کردند. دلیل: <i>{ $reason }</i>. موجودی: { $balance }.
notice-debited = 💸 مدیران فروشگاه { $amount } از کیف پول شما برداشت کردند. دلیل: <i>{ $reason }</i>. موجودی: { $balance }.
notice-blocked = ⛔ دسترسی شما به این فروشگاه توسط مدیران آن مسدود شد. دلیل: <i>{ $reason }</i>
notice-unblocked = ✅ دسترسی شما به این فروشگاه بازگردانده شد: دوباره می‌توانید خرید و تمدید کنید.
customers-page-prev = ‹ قبلی
customers-page-next = بعدی ›
customers-ledger-title = 📒 <b>دفتر حساب { $name }</b> · { $count } { $count ->
        [one] مورد
       *[other] مورد
    } · صفحه { $page } از { $pages }
customers-ledger-empty = هنوز هیچ تراکنشی در کیف پول نیست.
customers-ledger-line = { $date } · { $kind } · <b>{ $amount }</b> → { $balance }
customers-ledger-note = ↳ <i>{ $note }</i>
customers-kind-topup = افزایش موجودی
customers-kind-purchase = خرید
customers-kind-renewal = تمدید
customers-kind-refund = بازپرداخت
customers-kind-stars-refund = بازپرداخت ستاره
customers-kind-admin-credit = واریز مدیر
customers-kind-admin-debit = برداشت مدیر
customers-kind-referral = پاداش دعوت
customers-kind-referral-back = پس‌گیری پاداش دعوت
customers-kind-promo = کد تخفیف
customers-subs-title = 🔑 <b>اشتراک‌های { $name }</b>: { $count }
customers-subs-empty = اشتراکی وجود ندارد.
customers-subs-line = • <b>{ $plan }</b>{ $trial } — تا { $until } · { $status }
customers-sub-trial-mark = { " " }(آزمایشی)
customers-sub-status-active = ✅ فعال
customers-sub-status-expired = ⌛ منقضی‌شده
customers-sub-status-removed = 🗑 حذف‌شده توسط مدیر
customers-no-expiry = بدون انقضا
customers-unlimited = نامحدود
customers-sub-title = 🔑 <b>{ $plan }</b>{ $trial }
customers-sub-id = اشتراک: <code>{ ID($id) }</code>
customers-sub-status = وضعیت: { $status }
customers-sub-expiry = انقضا: { $date }
customers-sub-terms = ترافیک: { $traffic } · دستگاه‌ها: { $devices }
customers-sub-backend = بک‌اند: { $kind } · کلاینت <code>{ $name }</code>
customers-sub-locations = 📍 { $locations }
customers-sub-links = لینک‌ها: { $count }
customers-sub-url = آدرس اشتراک: <code>{ $url }</code>
customers-sub-no-url = آدرس اشتراک: ندارد
customers-sub-frozen = ❄️ مسدود از { $since } تا { $until } · { $bank } روز ذخیره شده · سپس پایان در { $end }
customers-sub-freeze-asked = ❄️ یک توقف { $days } روزه درخواست شده و در نوبت است.
customers-sub-freeze-unfreezing = ▶️ در حال رفع توقف: کارگر توقف‌ها ظرف چند دقیقه آن را تمام می‌کند.
customers-sub-freezes-used = توقف‌ها در ۳۶۵ روز گذشته: { $used } از { $limit }
customers-unfreeze-button = ▶️ رفع توقف
customers-unfreeze-done = ▶️ توقف برداشته شد: اتصال دوباره برقرار است و اشتراک در { $end } پایان می‌یابد.
customers-unfreeze-retrying = ⏳ سرویس میزبانی پاسخ نداد: کارگر توقف‌ها ظرف چند دقیقه رفع توقف را تمام می‌کند.
customers-unfreeze-busy = ⏳ توقف همین حالا در حال برداشته شدن است (ضربه‌ای دیگر یا کارگر توقف‌ها): لحظه‌ای دیگر اشتراک را دوباره باز کنید.
customers-unfreeze-not-frozen = این اشتراک (دیگر) متوقف نیست: چیزی تغییر نکرد.
notice-unfrozen = ▶️ فروشگاه توقف اشتراک شما را برداشت: اتصال دوباره برقرار است و اشتراک در { $end } پایان می‌یابد.
customers-orders-title = 🧾 <b>سفارش‌های { $name }</b> (جدیدترین اول)
customers-orders-empty = سفارشی وجود ندارد.
customers-order-line = <code>{ $order }</code> · { $kind } · { $plan } · { $price } · { $status } · { $date }
customers-order-error = ↳ خطا: { $error }
customers-order-kind-purchase = خرید
customers-order-kind-renewal = تمدید
customers-order-kind-trial = آزمایشی
customers-order-status-awaiting_payment = در انتظار پرداخت
customers-order-status-paid = پرداخت‌شده
customers-order-status-provisioning = در حال راه‌اندازی
customers-order-status-active = انجام‌شده
customers-order-status-failed = ناموفق
customers-order-status-refunded = بازپرداخت‌شده
customers-order-status-cancelled = لغوشده
customers-order-status-awaiting_claim = هدیه، در انتظار دریافت
customers-btn-charge-again = 🔁 تلاش دوباره { $order } (کسر دوباره)
customers-retry-confirm =
    مبلغ <b>{ $price }</b> از کیف پول { $name } (موجودی { $balance }) برای سفارش جدید <b>{ $plan }</b> کسر شود؟
    سفارش بازپرداخت‌شده <code>{ $order }</code> همان‌طور که هست باقی می‌ماند.
customers-retry-promo = 🎟 مانند سفارش بازپرداخت‌شده: کد تخفیف <b>{ $code }</b> (قیمت فهرست { $list }{ $days ->
    [0] {""}
    [one] ، +{ $days } روز هدیه
   *[other] ، +{ $days } روز هدیه
})؛ استفاده از آن به سفارش جدید منتقل می‌شود.
customers-retry-yes = ✅ کسر و تلاش دوباره
customers-retry-queued = ✅ سفارش جدید <code>{ $order }</code> از کیف پول پرداخت شد ({ $price }) و در صف قرار گرفت.
customers-retry-insufficient = ⛔ موجودی { $balance } مبلغ { $price } را پوشش نمی‌دهد. هیچ مبلغی کسر نشد.
customers-retry-blocked = ⛔ مشتری مسدود است: ابتدا مسدودیت او را بردارید.
customers-retry-plan-gone = طرح { $plan } دیگر در فهرست نیست: هیچ مبلغی کسر نشد.
customers-retry-sub-gone = اشتراکی که این تمدید برای آن بود دیگر وجود ندارد: هیچ مبلغی کسر نشد.
customers-retry-failed = پرداخت سفارش جدید ممکن نشد: هیچ مبلغی کسر نشد.
customers-retry-promo-gone = استفاده از کد تخفیف سفارش بازپرداخت‌شده در این فاصله گرفته شد (با سفارش جدید خود مشتری): هیچ مبلغی کسر نشد. برای دیدن قیمت فعلی، سفارش‌ها را دوباره باز کنید.
customers-retry-already = سفارش <code>{ $order }</code> قبلاً با عنوان <code>{ $next }</code> دوباره کسر شده است.
customers-retry-busy = این سفارش همین حالا در حال کسر دوباره است.
customers-retry-not-refunded = فقط سفارش بازپرداخت‌شده را می‌توان دوباره کسر کرد (وضعیت سفارش <code>{ $order }</code>: { $status }).
customers-ask-credit = چه مبلغی به کیف پول { $name } <b>واریز</b> شود، به { $currency }؟ موجودی فعلی: { $balance }.
customers-ask-debit = چه مبلغی از کیف پول { $name } <b>برداشت</b> شود، به { $currency }؟ موجودی فعلی: { $balance }.
customers-amount-invalid-whole = یک عدد صحیح مثبت به { $currency } بفرستید، مثلاً 150.
customers-amount-invalid = یک مبلغ مثبت به { $currency } بفرستید، مثلاً 4.99.
customers-debit-over = موجودی فقط { $balance } است: برداشت نمی‌تواند آن را زیر صفر ببرد. مبلغ کمتری بفرستید، یا روی «لغو» بزنید.
customers-debit-nothing = کیف پول { $name } خالی است: چیزی برای برداشت وجود ندارد.
customers-ask-reason = حالا <b>دلیل</b> را بفرستید (حداکثر ۲۰۰ نویسه). در دفتر حساب ثبت می‌شود.
customers-reason-invalid = دلیل باید بین ۱ تا { $max } نویسه باشد.
customers-confirm-credit =
    مبلغ <b>{ $amount }</b> به { $name } (<code>{ ID($id) }</code>) واریز شود؟
    دلیل: <i>{ $reason }</i>
    موجودی: { $balance } → { $after }
customers-confirm-debit =
    مبلغ <b>{ $amount }</b> از { $name } (<code>{ ID($id) }</code>) برداشت شود؟
    دلیل: <i>{ $reason }</i>
    موجودی: { $balance } → { $after }
customers-confirm-yes = ✅ تأیید
customers-confirm-used = این تأیید قبلاً استفاده شده است.
customers-confirm-expired = این تأیید منقضی شده است. دوباره از کارت مشتری شروع کنید.
customers-adjust-already = قبلاً اعمال شده است: { $amount }.
customers-adjust-currency-changed = واحد پول فروشگاه از زمان آماده‌سازی این مورد تغییر کرده است. چیزی تغییر نکرد؛ دوباره شروع کنید.
customers-credited = ✅ { $amount } واریز شد. موجودی: { $balance }.
customers-debited = ✅ { $amount } برداشت شد. موجودی: { $balance }.
customers-debit-refused = ⛔ رد شد: موجودی { $balance } برداشت { $amount } را پوشش نمی‌دهد. چیزی تغییر نکرد.
failed-orders-title = ⚠️ <b>سفارش‌های ناموفق</b> (بازپرداخت کامل نشده): { $count }
failed-orders-page = صفحه { $page } از { $pages }
failed-orders-empty = سفارش ناموفقی وجود ندارد. 🎉
failed-orders-item =
    <code>{ $order }</code> · { $date }
    مشتری: { ID($customer) } (<code>{ ID($id) }</code>)
    { $kind }: { $plan } · { $price }
    خطا: { $error }
failed-orders-retry = 🔁 تلاش دوباره { $order }
failed-orders-customer = 👤 مشتری
failed-orders-queued = ✅ سفارش <code>{ $order }</code> دوباره در صف قرار گرفت.
failed-orders-refunded = سفارش <code>{ $order }</code> قبلاً بازپرداخت شده و تلاش دوباره برای آن ممکن نیست؛ به جای آن، از سفارش‌های مشتری آن را دوباره کسر کنید.
failed-orders-not-failed = سفارش <code>{ $order }</code> دیگر ناموفق نیست (اکنون { $status }).
failed-orders-gone = این سفارش دیگر وجود ندارد.
admin-payments = 💳 پرداخت‌های نیازمند بررسی
admin-sync = 🔄 همگام‌سازی

## Sync: the shop and the hosting side compared (issue 13)
sync-title = 🔄 همگام‌سازی با سمت هاستینگ
sync-never = هنوز هیچ تطبیقی اجرا نشده است.
sync-last-run = آخرین اجرا: { $date }، { $seconds } ثانیه
sync-found = یافته‌ها: { $list }
sync-repaired = اصلاح‌شده‌ها: { $list }
sync-skipped = بدون پاسخ (نتیجه‌ای گرفته نشد): { $list }
sync-gap-unreachable = مکان { $location }: پاسخ نمی‌دهد؛ در این اجرا تطبیق داده نشد.
sync-gap-reads_failed = مکان { $location }: فهرست کلاینت‌ها را ارائه نمی‌دهد و خواندن تک‌تک کلاینت‌های فروشگاه در آن ناموفق بود ({ $read } از { $total } خوانده شد)؛ در این اجرا تطبیق داده نشد.
sync-gap-read_limit = مکان { $location }: فهرست کلاینت‌ها را ارائه نمی‌دهد؛ { $read } از { $total ->
    [one] { $total } کلاینت
   *[other] { $total } کلاینت
} فروشگاه در آنجا در این اجرا تک‌تک خوانده شد و بقیه در اجراهای بعدی.
sync-gap-no_list = مکان { $location }: فهرست کلاینت‌ها را ارائه نمی‌دهد؛ { $total ->
    [0] فروشگاه در آنجا کلاینتی ندارد
    [one] { $total } کلاینت فروشگاه در آنجا تک‌تک خوانده شد
   *[other] { $total } کلاینت فروشگاه در آنجا تک‌تک خوانده شدند
} (کلاینت‌هایی که دستی ساخته شده‌اند در آنجا دیده نمی‌شوند).
sync-waiting = { $count ->
    [one] { $count } یافته منتظر تصمیم شماست:
   *[other] { $count } یافته منتظر تصمیم شما هستند:
}
sync-nothing-waiting = چیزی منتظر تصمیم نیست.
sync-run-now = ▶️ اجرا همین حالا
sync-run-queued = تطبیق در صف قرار گرفت؛ یک دقیقه دیگر به‌روزرسانی کنید.
sync-refresh = 🔄 به‌روزرسانی
sync-back = ⬅️ بازگشت
sync-finding-gone = این یافته قبلاً رسیدگی شده است.
sync-found-at = یافته‌شده: { $date }
sync-recreate = ♻️ ساخت دوباره با همان مدت
sync-move = 🚚 انتقال به سرور دیگر
sync-move-pick = به کدام سرور منتقل شود؟ مشتری لینک‌های جدید دریافت می‌کند.
sync-move-to = { $name } (#{ $id })، { $clients } کلاینت
sync-no-servers = هیچ سرور فعال دیگری از این طرح وجود ندارد که فراتر از مدت این اشتراک پرداخت شده باشد.
sync-delete = 🗑 حذف
sync-delete-ask = این کلاینت در سمت هاستینگ حذف شود؟ هیچ اشتراکی از آن استفاده نمی‌کند.
sync-delete-yes = 🗑 بله، حذف شود
sync-adopt = 🔗 واگذاری به مشتری { $customer }
sync-done = ✅ انجام شد.
sync-already = قبلاً انجام شده است.
sync-unavailable = ⚠️ سرویس هاستینگ فعلاً پاسخ نمی‌دهد؛ چیزی تغییر نکرد. بعداً دوباره امتحان کنید.
sync-refused = ⛔ انجام نشد: { $reason } { $detail }
drift-kind-expiry_changed = انقضا تغییر کرده
drift-kind-traffic_changed = سقف ترافیک تغییر کرده
drift-kind-missing = کلاینت وجود ندارد
drift-kind-location_drift = مکان ناهماهنگ
drift-kind-orphan = کلاینت بی‌صاحب
drift-kind-server_gone = سرور از دست رفته
drift-line-expiry_changed = { $subscription } (مشتری { $customer }): انقضا در سمت هاستینگ از { $from } به { $to } تغییر کرد؛ سابقه از آن پیروی می‌کند
drift-line-traffic_changed = { $subscription } (مشتری { $customer }): سقف ترافیک در سمت هاستینگ تغییر کرد؛ سابقه از آن پیروی می‌کند
drift-line-missing = { $subscription } (مشتری { $customer }): فعال است، اما کلاینت آن در سمت هاستینگ وجود ندارد
drift-line-location_drift = { $subscription } (مشتری { $customer }): مکان { $location } ناهماهنگ بود؛ به مدت فروشگاه بازگردانده شد
drift-line-orphan = { $name } روی { $place }: نام‌گذاری فروشگاه، اما بدون اشتراک
drift-line-server_gone = { $subscription } (مشتری { $customer }): سرور { $server } { $reason }
drift-gone-expired = منقضی شده است
drift-gone-suspended = معلق شده است
drift-gone-regenerated = بازسازی شده است (کلاینت‌های قدیمی از کار افتادند)
drift-gone-removed = دیگر در حساب نیست
drift-report-head = 🔄 { $count ->
    [one] همگام‌سازی { $count } مورد جدید برای بررسی پیدا کرد:
   *[other] همگام‌سازی { $count } مورد جدید برای بررسی پیدا کرد:
}
drift-report-more = …و { $count } مورد دیگر در همگام‌سازی.
drift-report-open = 🔄 باز کردن همگام‌سازی

admin-referrals = 🤝 دعوت‌ها
payments-inbox-title = 💳 <b>پرداخت‌های نیازمند بررسی</b>
payments-inbox-pending = <b>هنوز واریز نشده</b> (بیش از یک دقیقه پیش دریافت شده؛ معمولاً ظرف چند دقیقه خودکار واریز می‌شوند و موردی که اینجا بماند نیاز به بررسی دارد): { $count }
payments-inbox-unmatched = <b>بدون تطابق با هیچ سفارشی از پرداخت‌کننده</b> (مبلغ در کیف پول پرداخت‌کننده است): { $count }
payments-inbox-none = هیچ
payments-inbox-item =
    <code>{ $charge }</code> · { $date }
    { $amount } از <code>{ ID($payer) }</code> · صورت‌حساب <code>{ $payload }</code>
payments-inbox-customer = 👤 مشتری { ID($payer) }
payments-inbox-why = ↳ { $why ->
    [amount] مبلغی غیر از مبلغ درخواستی: در موجودی پرداخت‌کننده، سفارش پرداخت نشد
    [unknown] فروشگاه آن را درخواست نکرده بود: در موجودی پرداخت‌کننده
    [currency] ارز دیگر: نگه داشته شد، چیزی واریز نشد
   *[other] با هیچ سفارشی جور نیست
}

## Shop: buying, wallet, subscriptions, trial (customer side)

shop-private-only = فروشگاه در گفتگوی خصوصی با من کار می‌کند: آن را باز کنید و /buy را آنجا بفرستید.
shop-order-gone = این سفارش دیگر در دسترس نیست. با /buy دوباره شروع کنید.
shop-order-expired = این سفارش منقضی شده است. برای دیدن قیمت فعلی، با /buy دوباره شروع کنید.
shop-plan-gone = این طرح دیگر فروخته نمی‌شود. لطفاً با /buy طرح دیگری انتخاب کنید.
shop-unlimited = نامحدود
shop-days = { $days ->
    [one] { $days } روز
   *[other] { $days } روز
}
shop-traffic = ترافیک { $traffic }
shop-devices = دستگاه‌ها: { $devices }
shop-locations = 📍 { $names }
# A plan location without a name in the catalog: the main panel, or a connected one by its id.
location-main = مکان اصلی
location-node = مکان { $node }
shop-prev = ‹ قبلی
shop-next = بعدی ›

buy-title = 🛒 <b>یک طرح انتخاب کنید</b>
buy-plan-line =
    <b>{ $title }</b> — { $price }
    { $details }
buy-plan-button = { $title } · { $price }
buy-card =
    <b>{ $title }</b>
    { $details }

    قیمت: <b>{ $price }</b>
buy-button = ✅ خرید به قیمت { $price }
buy-all-plans = « همه طرح‌ها
buy-confirm =
    🧾 <b>سفارش شما</b>
    طرح: <b>{ $plan }</b>
    قیمت: <b>{ $price }</b>
    موجودی کیف پول: { $balance }
buy-confirm-renewal =
    🔄 <b>تمدید</b>
    طرح: <b>{ $plan }</b>
    قیمت: <b>{ $price }</b>
    موجودی کیف پول: { $balance }
buy-renewal-rule =
    انقضای فعلی: { $current }
    انقضای جدید: <b>{ $next }</b>
    (دیرترینِ امروز و انقضای فعلی، به‌علاوه { $days ->
        [one] { $days } روز
       *[other] { $days } روز
    }: زمان باقی‌مانده شما حفظ می‌شود)
buy-confirm-enough = موجودی شما کافی است.
buy-renewal-after-pending = { $count ->
    [one] ⏳ تمدیدی که قبلاً پرداخت کرده‌اید هنوز در حال اعمال است: این تمدید روزهایش را بعد از آن اضافه می‌کند.
   *[other] ⏳ { $count } تمدیدی که قبلاً پرداخت کرده‌اید هنوز در حال اعمال هستند: این تمدید روزهایش را بعد از آن‌ها اضافه می‌کند.
}
buy-confirm-short = موجودی شما { $missing } کم است: این مبلغ را با صورت‌حساب تلگرام پرداخت کنید، بقیه ({ $covered }) از موجودی شما برداشته می‌شود.
buy-confirm-invoice = مبلغ { $missing } را با صورت‌حساب تلگرام پرداخت کنید.
buy-invoice-sent = 🧾 صورت‌حساب { $amount } ارسال شد: در پایین پرداخت کنید.
buy-pay-balance = ✅ پرداخت { $price } از موجودی
buy-pay-invoice = 💳 پرداخت { $amount } با صورت‌حساب
buy-cancel = ✖ لغو
buy-cancelled = سفارش لغو شد. هیچ مبلغی کسر نشد.
buy-promo-refused = ⛔ { $reason ->
    [not-new] کد تخفیف <b>{ $code }</b> فقط برای مشتریان جدید است و سفارش دیگری از شما زودتر پرداخت شد.
   *[other] کد تخفیف <b>{ $code }</b> روی این سفارش دیگر قابل استفاده نیست.
} این سفارش لغو شد و چیزی از موجودی شما برداشته نشد: هر زمان خواستید، طرح را دوباره با قیمت کامل بخرید.
buy-cannot-cancel = این سفارش قبلاً پرداخت شده و دیگر قابل لغو نیست.
buy-already-paid = این سفارش قبلاً پرداخت شده است؛ دسترسی شما در راه است.
buy-balance-short = موجودی شما ({ $balance }) دیگر این سفارش را پوشش نمی‌دهد، پس این هم صورت‌حساب برای باقی مبلغ.
buy-paid = ✅ { $price } از موجودی شما پرداخت شد (موجودی فعلی { $balance }). در حال آماده‌سازی دسترسی VPN شما، چند ثانیه طول می‌کشد…
buy-paid-renewal = ✅ { $price } از موجودی شما پرداخت شد (موجودی فعلی { $balance }). در حال تمدید اشتراک شما، چند ثانیه طول می‌کشد…
# An order made free by a promo code of the whole price.
buy-confirm-free = با کد تخفیف شما رایگان است: چیزی از موجودی شما برداشته نمی‌شود.
buy-get-free = 🎁 دریافت رایگان
buy-paid-free = ✅ مال شماست، به‌صورت رایگان. { $kind ->
    [renewal] در حال تمدید اشتراک شما، چند ثانیه طول می‌کشد…
    [gift] لینک هدیه شما در راه است…
   *[other] در حال آماده‌سازی دسترسی VPN شما، چند ثانیه طول می‌کشد…
}

# Gifts: a plan bought for someone else, claimed through a link
buy-gift-button = 🎁 خرید به‌عنوان هدیه
buy-confirm-gift =
    🎁 <b>هدیه</b>
    طرح: <b>{ $plan }</b>
    قیمت: <b>{ $price }</b>
    موجودی کیف پول: { $balance }
    پس از پرداخت، لینکی برای بازارسال دریافت می‌کنید: هر کس زودتر آن را باز کند، اشتراک را دریافت می‌کند.
buy-paid-gift = ✅ { $price } از موجودی شما پرداخت شد (موجودی فعلی { $balance }). لینک هدیه شما در راه است…
payment-gift-paid = ✅ پرداخت دریافت شد. لینک هدیه شما در راه است…
gift-ready =
    🎁 <b>هدیه شما آماده است: { $plan }</b>
    پیام بعدی را برای کسی که می‌خواهید به او هدیه بدهید بازارسال کنید: هر کس زودتر لینک را باز کند، اشتراک را دریافت می‌کند.
    لینک تا { $date } معتبر است. اگر تا آن زمان کسی آن را دریافت نکند، { $amount } به کیف پول شما برمی‌گردد. همچنین می‌توانید آن را از کیف پول ← 🎁 هدیه‌های من لغو کنید.
gift-forward =
    🎁 <b>یک هدیه برای شما: { $plan }</b> ({ $days ->
        [one] { $days } روز
       *[other] { $days } روز
    } VPN).
    برای دریافت آن این لینک را باز کنید: { $link }
gift-delivered = 🎁 <b>هدیه شما آماده است: { $plan }</b>
gift-failed = 😔 هدیه شما ({ $plan }) دریافت شد، اما نتوانستیم دسترسی را راه‌اندازی کنیم. { $amount } به کیف پول شما برگشت. به مدیران اطلاع داده شد.
gift-failed-recipient = 😔 متأسفیم، نتوانستیم دسترسی هدیه‌شده ({ $plan }) را راه‌اندازی کنیم. هدیه‌دهنده پولش را پس گرفت.
gift-expired-refunded = ⌛ کسی هدیه شما ({ $plan }) را به موقع دریافت نکرد: لینک منقضی شد و { $amount } به کیف پول شما برگشت.
gift-claimed-buyer = 🎁 هدیه شما ({ $plan }) توسط { $name } دریافت شد.
gift-claim-ok = 🎁 <b>یک هدیه گرفتید: { $plan }!</b> در حال راه‌اندازی دسترسی شما، چند ثانیه طول می‌کشد…
gift-claim-yours = 🎁 این هدیه قبلاً مال شما شده است: دسترسی شما در 🔑 اشتراک‌های من است.
gift-claim-own = 🎁 این لینک هدیه خودتان است: آن را برای کسی که می‌خواهید به او هدیه بدهید بازارسال کنید. می‌توانید آن را از کیف پول ← 🎁 هدیه‌های من لغو کنید.
gift-claim-taken = این هدیه قبلاً توسط شخص دیگری دریافت شده است.
gift-claim-cancelled = این هدیه توسط خریدارش لغو شده است.
gift-claim-expired = ⌛ این لینک هدیه منقضی شده است.
gift-claim-unknown = این لینک هدیه معتبر نیست. بررسی کنید که کل لینک را باز کرده باشید.
gift-my-button = 🎁 هدیه‌های من
gift-list-title = 🎁 <b>هدیه‌های من</b>
gift-list-empty = هنوز هیچ هدیه‌ای نخریده‌اید. یک طرح را در 🛒 خرید VPN باز کنید و 🎁 خرید به‌عنوان هدیه را انتخاب کنید.
gift-line-open = { $n }. <b>{ $plan }</b> · { $amount } · در انتظار، لینک معتبر تا { $date }
gift-line-claimed = { $n }. <b>{ $plan }</b> · { $amount } · دریافت‌شده توسط { $name } در { $date }
gift-line-cancelled = { $n }. <b>{ $plan }</b> · { $amount } · لغوشده در { $date }، بازپرداخت شد
gift-line-expired = { $n }. <b>{ $plan }</b> · { $amount } · منقضی‌شده در { $date }، بازپرداخت شد
gift-link-button = 🔗 لینک { $n }
gift-cancel-button = ✖ لغو { $n }
gift-cancelled = ✅ هدیه لغو شد: { $amount } به کیف پول شما برگشت (موجودی فعلی { $balance }).
gift-gone = این هدیه دیگر در دسترس نیست.
gift-was-claimed = این هدیه قبلاً دریافت شده است، پس دیگر قابل لغو نیست.
gift-was-cancelled = این هدیه قبلاً لغو شده است؛ مبلغ آن به کیف پول شما برگشته است.
gift-was-expired = این هدیه منقضی شده است؛ مبلغ آن به کیف پول شما برگشته است.

wallet-title =
    💰 <b>کیف پول شما</b>
    موجودی: <b>{ $balance }</b>

    با پرداخت تلگرام موجودی را افزایش دهید: یک مبلغ انتخاب کنید یا مبلغ دلخواه را وارد کنید. می‌توانید هزینه طرح‌ها و تمدیدها را از موجودی بپردازید.
wallet-topup-button = + { $amount }
wallet-custom = ✏️ مبلغ دیگر
wallet-history = 📜 تاریخچه
wallet-back = « کیف پول
wallet-ask-amount = ✏️ چه مبلغی می‌خواهید اضافه کنید؟ مبلغی از { $min } تا { $max } بفرستید.
wallet-amount-invalid = لطفاً فقط یک مبلغ از { $min } تا { $max } بفرستید، مثلاً 12.50.
wallet-amount-invalid-stars = لطفاً یک عدد صحیح ستاره از { $min } تا { $max } بفرستید، مثلاً 300.
wallet-topup-refused = افزایش موجودی با این مبلغ ممکن نیست. لطفاً مبلغ دیگری انتخاب کنید.
wallet-history-title = 📜 <b>تاریخچه کیف پول</b> · صفحه { $page } از { $pages }
wallet-history-empty = 📜 هنوز هیچ تراکنشی در کیف پول شما نیست.
wallet-history-line = { $date } · { $kind } · <b>{ $amount }</b> → { $balance }
wallet-kind-topup = افزایش موجودی
wallet-kind-purchase = خرید
wallet-kind-renewal = تمدید
wallet-kind-refund = بازپرداخت
wallet-kind-stars-refund = بازپرداخت ستاره‌ها
wallet-kind-admin-credit = واریز توسط فروشگاه
wallet-kind-admin-debit = برداشت توسط فروشگاه
wallet-kind-referral = پاداش دعوت از دوست
wallet-kind-referral-back = پرداخت دوست بازپرداخت شد: پاداش پس گرفته شد
wallet-kind-promo = کد تخفیف

# Promo codes: customers
promo-usage = کد را بعد از دستور بفرستید، مثلاً <code>/promo SPRING</code>.
promo-ask = 🎟 کد تخفیف خود را بفرستید.
promo-button = 🎟 کد تخفیف دارید؟
promo-refused-invalid = ❌ کد تخفیف <b>{ $code }</b> وجود ندارد. لطفاً املای آن را بررسی کنید.
promo-refused-expired = ⌛ کد تخفیف <b>{ $code }</b> منقضی شده است.
promo-refused-disabled = ⛔ کد تخفیف <b>{ $code }</b> توسط فروشگاه غیرفعال شده است.
promo-refused-used-up = 😔 ظرفیت کد تخفیف <b>{ $code }</b> تمام شده است: دفعات استفاده‌ای باقی نمانده.
promo-refused-already-used = شما قبلاً از کد تخفیف <b>{ $code }</b> استفاده کرده‌اید.
promo-refused-wrong-plan = کد تخفیف <b>{ $code }</b> برای این طرح معتبر نیست.
promo-refused-not-new = کد تخفیف <b>{ $code }</b> فقط برای مشتریان جدید است (پیش از اولین سفارش پرداخت‌شده).
promo-refused-not-for-orders = کد تخفیف <b>{ $code }</b> موجودی کیف پول را افزایش می‌دهد: برای استفاده، <code>/promo { $code }</code> را بفرستید.
promo-remembered-percent = 🎟 کد تخفیف <b>{ $code }</b> پذیرفته شد: { $percent }% تخفیف برای خرید بعدی شما در ۲۴ ساعت آینده. یک طرح را در پایین انتخاب کنید.
promo-remembered-fixed = 🎟 کد تخفیف <b>{ $code }</b> پذیرفته شد: { $amount } تخفیف برای خرید بعدی شما در ۲۴ ساعت آینده. یک طرح را در پایین انتخاب کنید.
promo-remembered-days = 🎟 کد تخفیف <b>{ $code }</b> پذیرفته شد: { $days ->
    [one] { $days } روز هدیه
   *[other] { $days } روز هدیه
} همراه خرید بعدی شما در ۲۴ ساعت آینده. یک طرح را در پایین انتخاب کنید.
promo-credited = 🎟 کد تخفیف <b>{ $code }</b>: { $amount } به کیف پول شما اضافه شد (موجودی فعلی { $balance }).
promo-order-discount = 🎟 کد تخفیف <b>{ $code }</b>: −{ $discount } (به جای { $list })
promo-order-days = 🎟 کد تخفیف <b>{ $code }</b>: { $days ->
    [one] +{ $days } روز هدیه
   *[other] +{ $days } روز هدیه
}
invoice-promo-note = کد تخفیف { $code } اعمال شد (به جای { $list }).

# Promo codes: admins
admin-promo = 🎟 کدهای تخفیف
promo-admin-title = 🎟 <b>کدهای تخفیف</b> ({ $count })
promo-admin-none = هنوز کد تخفیفی وجود ندارد.
promo-admin-line = <b>{ $code }</b> — { $what } · { $usage } · { $state }
promo-admin-usage = استفاده‌شده { $used }/{ $total }، رزروشده { $reserved }
promo-admin-state-live = فعال
promo-admin-state-disabled = غیرفعال
promo-admin-state-expired = منقضی‌شده
promo-admin-what-percent = −{ $percent }%
promo-admin-what-fixed = −{ $amount }
promo-admin-what-days = { $days ->
    [one] +{ $days } روز
   *[other] +{ $days } روز
}
promo-admin-what-credit = +{ $amount } به کیف پول
promo-admin-new = ➕ کد جدید
promo-admin-back = « کدهای تخفیف
promo-admin-disable = ⛔ غیرفعال کردن
promo-admin-disabled-now = کد غیرفعال شد: دیگر قابل استفاده نیست.
promo-admin-card =
    🎟 <b>{ $code }</b> — { $what } ({ $state })
    استفاده: { $usage }
    طرح‌ها: { $plans }
    معتبر تا: { $expires }
    دفعات استفاده برای هر مشتری: { $perCustomer }
    فقط مشتریان جدید: { $newOnly }
promo-admin-all-plans = همه
promo-admin-no-expiry = بدون تاریخ پایان
promo-admin-yes = بله
promo-admin-no = خیر
promo-admin-uses-title = <b>آخرین استفاده‌ها</b>
promo-admin-no-uses = هنوز استفاده نشده است.
promo-admin-use-used = ✅ مشتری <code>{ $customer }</code> · { $what } · { $at }
promo-admin-use-reserved = ⏳ مشتری <code>{ $customer }</code> · { $what } (پرداخت‌نشده) · { $at }
promo-admin-use-credit = واریز به کیف پول
promo-admin-choose-kind = کد جدید چه چیزی بدهد؟
promo-admin-kind-percent = تخفیف درصدی
promo-admin-kind-fixed = تخفیف ثابت
promo-admin-kind-days = روزهای هدیه
promo-admin-kind-credit = واریز به کیف پول
promo-admin-ask-code = کد را بفرستید (۳ تا ۳۲ حرف، رقم، _ یا -)، مثلاً <code>SPRING25</code>.
promo-admin-invalid-code = کد باید ۳ تا ۳۲ حرف، رقم، _ یا - باشد. لطفاً کد دیگری بفرستید.
promo-admin-ask-value-percent = چند درصد تخفیف؟ (1 تا 100؛ با 100 سفارش رایگان می‌شود)
promo-admin-ask-value-fixed = چه مبلغی از قیمت کم شود؟ (مبلغی به واحد پول فروشگاه)
promo-admin-ask-value-days = همراه خرید چند روز هدیه داده شود؟
promo-admin-ask-value-credit = چه مبلغی به کیف پول واریز شود؟
promo-admin-invalid-value-percent = لطفاً یک عدد صحیح از 1 تا 100 بفرستید.
promo-admin-invalid-value-amount = لطفاً مبلغی بیشتر از صفر بفرستید، مثلاً <code>50</code>.
promo-admin-invalid-value-days = لطفاً یک عدد صحیح روز از 1 تا { $max } بفرستید.
promo-admin-ask-plans = برای کدام طرح‌هاست؟ روی طرح‌های مورد نظر بزنید، سپس ✅ ادامه؛ یا 🌐 همه طرح‌ها.
promo-admin-invalid-plans = لطفاً روی طرح‌های بالا بزنید، سپس ✅ ادامه، یا 🌐 همه طرح‌ها (یا شناسه طرح‌ها را با ویرگول جدا کرده و بفرستید).
promo-admin-ask-expiry = چند روز معتبر باشد؟ یک عدد بفرستید، یا <code>-</code> برای بدون تاریخ پایان.
promo-admin-invalid-expiry = لطفاً یک عدد صحیح روز از 1 تا { $max } بفرستید، یا <code>-</code>.
promo-admin-ask-total = در مجموع چند بار قابل استفاده باشد؟ یک عدد بفرستید، یا <code>-</code> برای بدون محدودیت.
promo-admin-ask-per-customer = هر مشتری چند بار بتواند استفاده کند؟ یک عدد بفرستید، یا <code>-</code> برای یک بار.
promo-admin-invalid-count = لطفاً یک عدد صحیح از 1 تا { $max } بفرستید، یا <code>-</code>.
promo-admin-ask-new-only = فقط برای مشتریان جدید (هنوز بدون سفارش پرداخت‌شده)؟
promo-admin-invalid-yes-no = لطفاً روی ✅ بله یا ❌ خیر در بالا بزنید.
promo-admin-exists = کد <b>{ $code }</b> از قبل وجود دارد: چیزی ساخته نشد.

my-title = 🔑 <b>اشتراک‌های شما</b>
my-title-page = 🔑 <b>اشتراک‌های شما</b> · صفحه { $page } از { $pages }
my-empty = هنوز هیچ اشتراکی ندارید. با /buy یک طرح انتخاب کنید.
my-item = { $status } · <b>{ $plan }</b> · تا { $expiry }
my-status-active = ✅ فعال
my-status-expired = ⌛ منقضی‌شده
my-status-disabled = ⏸ متوقف‌شده
my-renew-removed = این اشتراک توسط مدیران فروشگاه حذف شده است، پس قابل تمدید نیست. در /buy یک طرح انتخاب کنید.
my-status-removed = 🗑 حذف‌شده توسط مدیران فروشگاه
my-card-status = وضعیت: { $status }
my-card-expiry = معتبر تا: { $date }
my-card-traffic = ترافیک: { $used } / { $limit }
my-card-devices = دستگاه‌ها: { $devices }
my-usage-unknown = ?
my-usage-stale = ⚠️ مصرف لحظه‌ای فعلاً از سرویس هاستینگ خوانده نشد، پس این‌ها آخرین مقادیر شناخته‌شده هستند.
my-problem-missing = ⚠️ این دسترسی فعلاً کار نمی‌کند: کلاینت آن در سمت هاستینگ وجود ندارد. به مدیران فروشگاه اطلاع داده شده و آن را دوباره راه‌اندازی می‌کنند.
my-problem-server_gone = ⚠️ این دسترسی فعلاً کار نمی‌کند: سرور آن از سرویس خارج شده است. به مدیران فروشگاه اطلاع داده شده و آن را منتقل می‌کنند؛ لینک‌های جدید دریافت خواهید کرد.
my-qr = 📷 کد QR
my-renew = 🔄 تمدید به قیمت { $price }
my-back = « اشتراک‌های من
my-not-found = این اشتراک پیدا نشد.
my-no-link = این اشتراک لینکی برای نمایش به صورت کد QR ندارد.
my-renew-not-sold = این طرح دیگر فروخته نمی‌شود، پس قابل تمدید نیست. با /buy یک طرح انتخاب کنید.
my-renew-disabled = این اشتراک توسط مدیران فروشگاه مسدود شده است، پس فعلاً قابل تمدید نیست و هیچ مبلغی کسر نشد. لطفاً با پشتیبانی تماس بگیرید.
my-renew-disabled-support = این اشتراک توسط مدیران فروشگاه مسدود شده است، پس فعلاً قابل تمدید نیست و هیچ مبلغی کسر نشد. لطفاً با پشتیبانی تماس بگیرید: { $contact }.

trial-preparing = 🎁 در حال آماده‌سازی دوره آزمایشی رایگان شما، چند ثانیه طول می‌کشد…
trial-used = شما قبلاً از دوره آزمایشی رایگان خود استفاده کرده‌اید.
trial-none = فعلاً دوره آزمایشی رایگانی ارائه نمی‌شود.

remind-3d = ⏳ اشتراک <b>{ $plan }</b> شما کمتر از ۳ روز دیگر تمام می‌شود: { $date }.
remind-1d = ⏳ اشتراک <b>{ $plan }</b> شما کمتر از یک روز دیگر تمام می‌شود: { $date }.
remind-3h = ⚠️ اشتراک <b>{ $plan }</b> شما کمتر از ۳ ساعت دیگر تمام می‌شود: { $date }.
remind-expired = ⌛ اشتراک <b>{ $plan }</b> شما در { $date } منقضی شد. VPN دیگر کار نمی‌کند.
remind-renew-hint = برای متصل ماندن، با یک ضربه تمدید کنید.
remind-trial-hint = این دوره آزمایشی رایگان شما بود. برای ادامه استفاده از VPN، با /buy یک طرح انتخاب کنید.
remind-not-sold-hint = این طرح دیگر فروخته نمی‌شود. با /buy طرح دیگری انتخاب کنید.
remind-button-renew = 🔄 تمدید
remind-button-buy = 🛒 انتخاب طرح
traffic-80 = 📶 شما { $percent }% از ترافیک <b>{ $plan }</b> را مصرف کرده‌اید: { $used } از { $limit }.
traffic-100 = 🚫 ترافیک <b>{ $plan }</b> تمام شد: { $used } از { $limit } مصرف شده است. VPN تا زمان تمدید کار نمی‌کند.
traffic-renew-hint = تمدید، دوره جدیدی با سهمیه ترافیک تازه شروع می‌کند.
traffic-trial-hint = این دوره آزمایشی رایگان شماست. برای ترافیک بیشتر، با /buy یک طرح انتخاب کنید.
traffic-not-sold-hint = این طرح دیگر فروخته نمی‌شود. با /buy طرح دیگری انتخاب کنید.
traffic-button-renew = 🔄 تمدید / افزایش حجم
traffic-button-buy = 🛒 انتخاب طرح

## Server watch and shop settings

watch-offline = 🔴 سرور <b>{ $name }</b> (#{ ID($id) }) از { $since } آفلاین است ({ $duration }). مشتریان مطلع‌شده: { $customers }.
watch-offline-early = 🔴 سرور <b>{ $name }</b> (#{ ID($id) }) از { $since } آفلاین است ({ $duration }). اگر پس از { $grace } همچنان آفلاین باشد، مشتریانش ({ $customers }) مطلع می‌شوند.
watch-back = 🟢 سرور <b>{ $name }</b> (#{ ID($id) }) پس از { $duration } دوباره آنلاین شد. مشتریان مطلع‌شده: { $customers }.
watch-days-left = ⏳ سرور <b>{ $name }</b> (#{ ID($id) }) { $days ->
    [one] { $days } روز
   *[other] { $days } روز
} دیگر، در تاریخ { $date }، منقضی می‌شود.
watch-low-balance = 💸 موجودی هاستینگ ({ $balance }) از هزینهٔ تمدید بعدی ({ $cost }) کمتر است: سرور <b>{ $name }</b> (#{ ID($id) })، { $days ->
    [one] { $days } روز
   *[other] { $days } روز
} باقی مانده. موجودی را در پنل وب هاستینگ شارژ کنید.
watch-extended = ✅ سرور <b>{ $name }</b> (#{ ID($id) }) به‌طور خودکار ۳۰ روز تمدید شد. انقضای جدید: { $date } ({ $days ->
    [one] { $days } روز
   *[other] { $days } روز
} باقی مانده). موجودی: { $balance }.
watch-extend-no-balance = ⚠️ تمدید خودکار سرور <b>{ $name }</b> (#{ ID($id) }) ممکن نشد: موجودی ({ $balance }) کافی نیست. هیچ مبلغی کسر نشد. موجودی را در پنل وب شارژ کنید؛ ظرف یک ساعت دوباره تلاش می‌کنم.
watch-extend-refused = ⚠️ تمدید خودکار سرور <b>{ $name }</b> (#{ ID($id) }) ممکن نشد: { $reason } هیچ مبلغی کسر نشد؛ ظرف یک ساعت دوباره تلاش می‌کنم.
watch-extend-unknown = ❓ تمدید خودکار سرور <b>{ $name }</b> (#{ ID($id) }) پاسخ روشنی دریافت نکرد ({ $reason }). ممکن است مبلغی کسر شده باشد یا نشده باشد: کارت سرور را بررسی کنید. خودم دوباره تلاش نمی‌کنم.
watch-extend-not-charged = ⚠️ تمدید خودکار سرور <b>{ $name }</b> (#{ ID($id) }) پاسخ روشنی دریافت نکرد ({ $reason }). سرور را بررسی کردم: تمدید نشده و هیچ مبلغی کسر نشده است. ظرف یک ساعت دوباره تلاش می‌کنم.
watch-api-unauthorized = 🔑 API هاستینگ کلید حساب را رد کرد، بنابراین سرورها پایش نمی‌شوند. حساب را دوباره متصل کنید: /admin ← حساب هاستینگ.
watch-api-unreachable = 📡 دسترسی به API هاستینگ ممکن نیست، بنابراین فعلاً سرورها پایش نمی‌شوند: { $reason } هر دقیقه دوباره تلاش می‌کنم.
outage-offline = ⚠️ سرور VPN شما در حال حاضر آفلاین است. در حال رفع مشکل هستیم و به‌محض برقراری دوباره به شما خبر می‌دهیم.
outage-back = ✅ سرور VPN شما دوباره آنلاین شد. اگر VPN وصل نمی‌شود، آن را در برنامه‌تان خاموش و دوباره روشن کنید.
settings-section = ⚙️ تنظیمات
settings-title =
    ⚙️ <b>تنظیمات</b>

    تمدید خودکار سرورها: { $autoExtend }
    <i>وقتی روشن باشد، سروری که ۱ روز به انقضایش مانده، یک بار در هر دورهٔ انقضا، از موجودی هاستینگ ۳۰ روز تمدید می‌شود و گزارشش را دریافت می‌کنید.</i>

    اطلاع‌رسانی قطعی به مشتریان پس از: { $grace } دقیقه (مدیران: در دومین بررسی ناموفق)
    هزینهٔ تمدید برای هشدار کمبود موجودی: { $cost }
    هزینهٔ آخرین تمدید: { $learned }
    واحد پول موجودی هاستینگ: { $currency }
    <i>API هاستینگ موجودی را فقط به‌صورت عدد می‌دهد؛ این گزینه واحد پول آن را مشخص می‌کند.</i>

    اعتبار لینک‌های هدیه: { $giftDays ->
        [one] { $giftDays } روز
       *[other] { $giftDays } روز
    } (پس از آن مبلغ به خریدار بازگردانده می‌شود)
settings-on = ✅ روشن
settings-off = ⛔ خاموش
settings-not-set = از اولین تمدید مشخص می‌شود
settings-auto-extend-turn-on = ✅ روشن کردن تمدید خودکار
settings-auto-extend-turn-off = ⛔ خاموش کردن تمدید خودکار
settings-auto-extend-now-on = تمدید خودکار روشن است.
settings-auto-extend-now-off = تمدید خودکار خاموش است.
settings-edit-grace = ⏱ تغییر مهلت قطعی
settings-edit-cost = 💰 تغییر هزینهٔ تمدید
settings-edit-currency = 💱 تغییر واحد پول
settings-edit-gift = 🎁 تغییر مدت اعتبار لینک هدیه
settings-ask-grace = ⏱ پس از چند دقیقه آفلاین بودن، قطعی به مشتریان اطلاع داده شود؟ یک عدد صحیح از { $min } تا { $max } بفرستید.
settings-ask-cost = 💰 هزینهٔ یک تمدید ۳۰ روزهٔ سرور، به واحد پول موجودی هاستینگ، چقدر است؟ تا وقتی یک تمدید قیمت واقعی را نشان دهد، از این مقدار برای هشدار کمبود موجودی استفاده می‌شود. یک مبلغ بفرستید، یا - تا از تمدید بعدی مشخص شود.
settings-ask-currency = 💱 واحد پول موجودی هاستینگ را بفرستید: یک کد یا نماد، مثلاً RUB یا ₽.
settings-grace-invalid = یک عدد صحیح دقیقه از { $min } تا { $max } بفرستید.
settings-cost-invalid = مبلغی بیشتر از ۰ و حداکثر { $max } بفرستید (مثلاً 150 یا 99.5)، یا - تا از تمدید بعدی مشخص شود.
settings-currency-invalid = یک کد یا نماد واحد پول بفرستید: ۱ تا ۸ حرف یا نماد پولی، مثلاً RUB یا ₽.
settings-ask-gift = 🎁 لینک هدیه چند روز معتبر بماند؟ اگر تا آن زمان دریافت نشود، مبلغ به کیف پول خریدار بازگردانده می‌شود. یک عدد صحیح از { $min } تا { $max } بفرستید. تاریخ لینک‌هایی که قبلاً ارسال شده‌اند تغییر نمی‌کند.
settings-gift-invalid = یک عدد صحیح روز از { $min } تا { $max } بفرستید.

## Sales stats

admin-stats = 📊 فروش
stats-title = 📊 <b>فروش، { $range }</b> (روزهای UTC)
stats-range-today = امروز
stats-range-7d = ۷ روز گذشته
stats-range-30d = ۳۰ روز گذشته
stats-btn-today = امروز
stats-btn-7d = ۷ روز
stats-btn-30d = ۳۰ روز
stats-active = اشتراک‌های فعال در حال حاضر: <b>{ $count }</b>
stats-summary = مشتریان جدید: { $customers } · سفارش‌ها: { $orders } · درآمد: { $revenue }
stats-by-day = <b>به تفکیک روز</b>
stats-by-plan = <b>به تفکیک طرح</b>
stats-col-day = روز
stats-col-new = جدید
stats-col-buy = خرید
stats-col-renew = تمدید
stats-col-trial = آزمایشی
stats-col-revenue = درآمد
stats-col-plan = طرح
stats-total = مجموع
stats-no-sales = در این بازه سفارشی ثبت نشده است.
stats-legend = <i>جدید: مشتریان جدید · خرید: خریدها · تمدید: تمدیدها · آزمایشی: دوره‌های آزمایشی رایگان. درآمد: خریدها و تمدیدها منهای بازپرداخت‌ها.</i>
stats-export = ⬇️ خروجی CSV
export-started = در حال آماده‌سازی خروجی: مشتریان، اشتراک‌ها و دفتر حساب به‌صورت فایل‌های CSV…
export-caption-customers = مشتریان (CSV)
export-caption-subscriptions = اشتراک‌ها (CSV)
export-caption-ledger = دفتر حساب: همهٔ تراکنش‌های کیف پول (CSV)
export-failed = تهیهٔ خروجی کامل نشد. لطفاً بعداً دوباره تلاش کنید.

## Broadcast

admin-broadcast = 📣 پیام همگانی
broadcast-home = 📣 <b>پیام همگانی</b>
    پیامی برای همهٔ مشتریان، یا فقط کسانی که اشتراک فعال دارند، بفرستید. پیش از ارسال، پیش‌نمایش آن را می‌بینید.
    قابل دسترس در حال حاضر: { $all ->
        [one] { $all } مشتری
       *[other] { $all } مشتری
    }، که { $active } نفر از آن‌ها اشتراک فعال دارند.
broadcast-new = ✍️ نوشتن پیام
broadcast-unavailable = پیام همگانی فعلاً در دسترس نیست: سرویسی که آن را ارسال می‌کند در حال اجرا نیست.
broadcast-ask = ✍️ پیام همگانی را بفرستید: یک متن، یا یک عکس همراه با توضیح.
    قالب‌بندی (متن پررنگ، لینک‌ها و…) حفظ می‌شود. برای توقف /cancel را بزنید.
broadcast-need-caption = عکس باید توضیح داشته باشد: آن را دوباره همراه با متن در توضیحش بفرستید.
broadcast-text-or-photo = لطفاً یک متن، یا یک عکس همراه با توضیح بفرستید.
broadcast-too-long = این پیام خیلی طولانی است: حداکثر { $max } نویسه.
broadcast-preview = 👆 مشتریان پیام را این‌طور می‌بینند. چه کسانی آن را دریافت کنند؟
broadcast-audience-all = 👥 همهٔ مشتریان ({ $count })
broadcast-audience-active = ✅ دارای اشتراک فعال ({ $count })
broadcast-cancel = ✖ لغو
broadcast-back = « مخاطبان
broadcast-confirm = این پیام برای { $audience } ارسال شود: <b>{ $count }</b> { $count ->
        [one] گیرنده
       *[other] گیرنده
    }؟
broadcast-confirm-yes = 📣 ارسال کن
broadcast-to-all = همهٔ مشتریان
broadcast-to-active = مشتریان دارای اشتراک فعال
broadcast-nobody = در حال حاضر به هیچ‌کس در این گروه از مخاطبان نمی‌توان پیام داد.
broadcast-started = 📣 ارسال پیام همگانی آغاز شد. پیام پیشرفت زیر همزمان به‌روز می‌شود.
broadcast-already-started = ارسال این پیام همگانی قبلاً آغاز شده است.
broadcast-expired = این پیش‌نویس منقضی شده است. لطفاً پیام را دوباره بنویسید.
broadcast-cancelled = پیام همگانی لغو شد؛ چیزی ارسال نشد.
broadcast-progress = 📣 <b>پیام همگانی به { $audience }</b>
    در حال ارسال… { $done } از { $total }{ $more }
    ✅ ارسال‌شده: { $sent } · ⚠️ ناموفق: { $failed } · 🚫 مسدودکرده: { $blocked }
broadcast-progress-queuing = (هنوز در حال صف‌بندی)
broadcast-done = ✅ <b>پیام همگانی به { $audience } تمام شد</b>
    { $total ->
        [one] { $total } گیرنده
       *[other] { $total } گیرنده
    }: ✅ ارسال‌شده { $sent } · ⚠️ ناموفق { $failed } · 🚫 ربات را مسدود کرده‌اند { $blocked }
    ردشده (از قبل مسدود کرده بودند): { $skipped }
broadcast-stop = ⏹ توقف
broadcast-stop-stopping = ⏹ در حال توقف: پیام دیگری ارسال نمی‌شود؛ پیام پیشرفت بالا آمار نهایی را نشان خواهد داد.
broadcast-stop-already = این پیام همگانی از قبل در حال توقف است.
broadcast-stop-finished = این پیام همگانی قبلاً تمام شده است.
broadcast-stop-unknown = این پیام همگانی دیگر شناخته‌شده نیست.
broadcast-stopping =
    ⏹ <b>در حال توقف پیام همگانی به { $audience }</b>
    ✅ ارسال‌شده: { $sent } · ⚠️ ناموفق: { $failed } · 🚫 مسدودکرده: { $blocked }
    در حال حذف پیام‌هایی که هنوز در صف هستند…
broadcast-stopped =
    ⏹ <b>پیام همگانی به { $audience } متوقف شد</b>
    ✅ ارسال‌شده { $sent } · ⚠️ ناموفق { $failed } · 🚫 ربات را مسدود کرده‌اند { $blocked }
    ارسال‌نشده (حذف‌شده از صف): { $cancelled }

## Stars refunds

stars-refund-button = ↩️ بازپرداخت پرداخت ستاره‌ای
stars-refund-confirm =
    ↩️ مبلغ <b>{ $amount }</b> از طریق تلگرام به مشتری <code>{ ID($customer) }</code> برای سفارش <code>{ $order }</code> بازگردانده شود؟
    همین مبلغ از کیف پول مشتری (موجودی فعلی { $balance }) کسر می‌شود؛ جایی که پول سفارش ناموفق به آن واریز شده بود.
stars-refund-yes = بله، { $amount } بازپرداخت شود
stars-refund-done = ✅ { $amount } از طریق تلگرام به مشتری <code>{ ID($customer) }</code> بازگردانده شد.
stars-refund-spent = مشتری مبلغ بازگشتی را از کیف پول خرج کرده است (موجودی { $balance })، بنابراین { $amount } قابل بازگرداندن نیست.
stars-refund-already = این پرداخت قبلاً بازپرداخت شده است.
stars-refund-failed = تلگرام بازپرداخت را رد کرد: { $error }. پول در کیف پول مشتری می‌ماند؛ می‌توانید دوباره تلاش کنید.
stars-refund-none = این سفارش با صورت‌حساب ستارهٔ تلگرام پرداخت نشده است، پس چیزی برای بازگرداندن وجود ندارد.
stars-refund-used = این تأییدیه قبلاً استفاده شده یا منقضی شده است.
stars-refund-unclear = تلگرام پاسخ روشنی نداد، پس ممکن است بازپرداخت انجام شده باشد. { $amount } همچنان از کیف پول مشتری کسرشده باقی می‌ماند؛ دوباره تلاش کنید: تلگرام هرگز یک پرداخت را دو بار بازپرداخت نمی‌کند.

## Node (admin section for the master node)

admin-node = 🛰 نود
node-not-configured =
    🛰 <b>نود</b>
    هیچ نودی متصل نیست. برای مدیریت نود اصلی از اینجا، این موارد را در محیط (environment) ربات تنظیم کنید:
    • <code>NODE_API_URL</code>: نشانی API نود، مثلاً <code>https://node.example:8443</code>
    • <code>NODE_API_TOKEN</code>: توکن API نود (فایل api_token.txt؛ دستور <code>vpn api token</code> روی نود آن را نشان می‌دهد)
    • <code>NODE_API_CERT_SHA256</code>: اثر انگشت SHA-256 گواهی خودامضای نود (توصیه‌شده)
    سپس ربات را دوباره راه‌اندازی کنید.
node-back-home = « بازگشت به نود
node-back-clients = « بازگشت به کاربران
node-back-name = « بازگشت به نام
node-back-peers = « بازگشت به همتاها
node-back-fed = « بازگشت به فدراسیون
node-limit-not-set = تنظیم نشده
node-limit-zero-gb = 0 GB
node-already-done = این کار قبلاً انجام شده است (دکمه دو بار زده شد).
node-confirm-expired = این تأییدیه منقضی شده است. لطفاً دوباره شروع کنید.
node-error-unauthorized = 🔑 نود توکن API را رد کرد. <code>NODE_API_TOKEN</code> را بررسی کنید: باید با api_token.txt روی نود یکسان باشد (<code>vpn api token</code> آن را نشان می‌دهد)، سپس ربات را دوباره راه‌اندازی کنید.
node-error-unreachable = ⏳ نود پاسخ نداد. بررسی کنید API آن در حال اجرا باشد (<code>vpn api status</code>) و <code>NODE_API_URL</code> درست باشد، سپس دوباره تلاش کنید.
node-error-certificate = 🔒 گواهی TLS نود با <code>NODE_API_CERT_SHA256</code> مطابقت ندارد. اگر گواهی نود دوباره صادر شده است، اثر انگشت جدید را تنظیم و ربات را دوباره راه‌اندازی کنید.
node-error-cert-presented = گواهی ارائه‌شده از سوی نود: <code>{ $fingerprint }</code>
node-error-cert-self-signed =
    🔒 گواهی نود خودامضا است، پس بدون پین کردن قابل بررسی نیست. اگر این گواهی نود شماست، <code>NODE_API_CERT_SHA256</code> را روی اثر انگشت آن تنظیم و ربات را دوباره راه‌اندازی کنید:
    <code>{ $fingerprint }</code>
node-error-cert-untrusted =
    🔒 گواهی TLS نود از بررسی عبور نکرد ({ $reason }). اگر این گواهی نود شماست، <code>NODE_API_CERT_SHA256</code> را روی اثر انگشت آن تنظیم و ربات را دوباره راه‌اندازی کنید:
    <code>{ $fingerprint }</code>
node-error-user-not-found = کاربری با این نام روی نود نیست: شاید حذف یا تغییر نام داده شده باشد.
node-error-exists = کاربری با این نام از قبل روی نود وجود دارد. نام دیگری انتخاب کنید.
node-error-bad-name = نود نام را رد کرد: نام باید ۱ تا ۶۴ نویسه از A-Z a-z 0-9 _ . @ - باشد.
node-error-bad-days = نود تعداد روزها را رد کرد: یک عدد صحیح، ۱ یا بیشتر، بفرستید.
node-error-internal = نود با خطای داخلی مواجه شد. جزئیات آن در logs.txt روی نود است (بخش لاگ‌ها را ببینید)؛ لطفاً دوباره تلاش کنید.
node-error-not-found = روی نود پیدا نشد: شاید قبلاً حذف شده باشد.
node-health-up = API: ✅ فعال
node-health-down = API: ⚠️ بررسی سلامت پاسخ نداد
node-home-title = 🛰 <b>نود { $name }</b>
node-home-domain = دامنه: { $domain }
node-home-ports = پورت‌ها: API { ID($api) } · اشتراک { ID($sub) } · WS { ID($ws) } · Reality { ID($reality) }
node-home-clients = { $total ->
    [one] { $total } کاربر
   *[other] { $total } کاربر
}: { $active } فعال، { $banned } مسدود
node-home-peers = همتاها: { $count }
node-home-federation-on = فدراسیون: 🔗 روشن
node-home-federation-on-url = فدراسیون: 🔗 روشن، بالادست <code>{ $url }</code>
node-home-federation-off = فدراسیون: خاموش
node-btn-clients = 👥 کاربران
node-btn-name = 🏷 نام
node-btn-peers = 🔗 همتاها
node-btn-federation = 🌐 فدراسیون
node-btn-backups = 💾 پشتیبان‌ها
node-btn-traffic = 📊 ترافیک
node-btn-logs = 📜 لاگ‌ها
node-clients-title = 👥 <b>کاربران نود</b>
node-clients-summary = { $count ->
    [one] { $count } کاربر
   *[other] { $count } کاربر
} · صفحهٔ { $page } از { $pages }
node-clients-empty = هنوز کاربری وجود ندارد. برای افزودن اولین کاربر، «ساخت کاربر» را بزنید.
node-clients-line = { $mark }<b>{ $name }</b> — { $expiry }
node-client-until = تا { $date } ({ $days ->
    [one] { $days } روز مانده
   *[other] { $days } روز مانده
})
node-client-expired = ⌛ منقضی‌شده در { $date }
node-page-prev = ‹ قبلی
node-page-next = بعدی ›
node-client-create = ➕ ساخت کاربر
node-card-title = 👤 <b>{ $name }</b>
node-card-status = وضعیت: { $status }
node-status-active = ✅ فعال
node-status-expired = ⌛ منقضی‌شده
node-status-banned = 🚫 مسدود
node-status-banned-reason = 🚫 مسدود ({ $reason })
node-card-uuid = UUID: <code>{ $uuid }</code>
node-card-expiry = انقضا: { $date } ({ $days ->
    [one] { $days } روز مانده
   *[other] { $days } روز مانده
})
node-card-limits = محدودیت ترافیک: { $traffic } · دستگاه‌ها: { $devices }
node-card-link = لینک VLESS:
node-btn-qr = 🔳 کد QR
node-btn-renew = 📅 تمدید
node-btn-limits = 📦 محدودیت‌ها
node-btn-rename = ✏️ تغییر نام
node-btn-ban = 🚫 مسدود کردن
node-btn-unban = ✅ رفع مسدودیت
node-btn-delete = 🗑 حذف
node-open-client = 👤 باز کردن کاربر
node-qr-caption = لینک VLESS کاربر { $name }
node-delete-confirm = 🗑 کاربر <b>{ $name }</b> از نود حذف شود؟ لینک او فوراً از کار می‌افتد؛ این کار برگشت‌پذیر نیست.
node-delete-yes = 🗑 بله، حذف شود
node-deleted = 🗑 کاربر <b>{ $name }</b> حذف شد.
node-unbanned = ✅ مسدودیت <b>{ $name }</b> برداشته شد: دوباره به پیکربندی‌ها و اشتراک‌ها برگشت.
node-banned = 🚫 <b>{ $name }</b> مسدود شد: از پیکربندی‌ها و اشتراک‌ها حذف شد، اما سابقه‌اش نگه داشته می‌شود.
node-banned-reason = 🚫 <b>{ $name }</b> مسدود شد (دلیل: { $reason }): از پیکربندی‌ها و اشتراک‌ها حذف شد، اما سابقه‌اش نگه داشته می‌شود.
node-ask-client-name = ➕ <b>کاربر جدید</b>. نام کاربر را بفرستید: ۱ تا ۶۴ نویسه از A-Z a-z 0-9 _ . @ -
node-name-invalid = نام باید ۱ تا ۶۴ نویسه از A-Z a-z 0-9 _ . @ - باشد (بدون فاصله). نام دیگری بفرستید.
node-rename-same = این همان نام فعلی است. نام دیگری بفرستید.
node-ask-create-days = مدت به <b>روز</b>، ۱ یا بیشتر، مثلاً 30.
node-days-invalid = یک عدد صحیح روز، ۱ یا بیشتر، بفرستید؛ مثلاً 30.
node-ask-create-gb = محدودیت ترافیک به <b>GB</b>، مثلاً 50 یا 2.5، یا <code>-</code> برای تنظیم نکردن (هیچ محدودیتی به نود ارسال نمی‌شود).
node-ask-create-devices = محدودیت دستگاه، یک عدد صحیح، یا <code>-</code> برای تنظیم نکردن (هیچ محدودیتی به نود ارسال نمی‌شود).
node-gb-invalid = مقداری به GB، ۰ یا بیشتر، بفرستید؛ مثلاً 50 یا 2.5.
node-gb-invalid-optional = مقداری به GB، ۰ یا بیشتر، بفرستید؛ مثلاً 50 یا 2.5، یا - برای تنظیم نکردن.
node-devices-invalid = یک عدد صحیح برای تعداد دستگاه‌ها، ۰ یا بیشتر، بفرستید.
node-devices-invalid-optional = یک عدد صحیح برای تعداد دستگاه‌ها، ۰ یا بیشتر، یا - برای تنظیم نکردن بفرستید.
node-created = ✅ کاربر <b>{ $name }</b> روی نود ساخته شد.
node-ask-renew = 📅 تمدید <b>{ $name }</b>: عدد N، یعنی تعداد روزها، را بفرستید. N روز به انقضای فعلی اضافه می‌شود (اگر گذشته باشد، به امروز).
node-renewed = ✅ { $days ->
    [one] { $days } روز
   *[other] { $days } روز
} به <b>{ $name }</b> اضافه شد: انقضا { $from } بود، اکنون { $to } است ({ $left ->
    [one] { $left } روز مانده
   *[other] { $left } روز مانده
}).
node-renew-again = 🔁 تلاش دوباره
node-renew-retry-hint = تمدید تا { $to } انجام می‌شود. «تلاش دوباره» ابتدا اطلاعات کاربر را می‌خواند و فقط روزهای باقی‌مانده را اضافه می‌کند، پس هیچ روزی دو بار اضافه نمی‌شود.
node-renew-in-doubt = ⏳ آخرین تمدید <b>{ $name }</b> کمتر از یک دقیقه پیش بی‌پاسخ ماند و ممکن است هنوز روی نود اعمال شود، پس اکنون چیزی ارسال نشد. یک دقیقه دیگر «تلاش دوباره» را بزنید: تا { $to } تمدید می‌کند و فقط کسری را اضافه می‌کند.
node-renew-busy = ⏳ تمدیدی برای <b>{ $name }</b> در حال انجام است. کمی صبر کنید، سپس «تلاش دوباره» را بزنید یا کاربر را باز کنید.
node-renewed-to = ✅ <b>{ $name }</b> تا { $to } فعال است ({ $left ->
    [one] { $left } روز مانده
   *[other] { $left } روز مانده
}).
node-ask-limit-gb = 📦 محدودیت ترافیک جدید <b>{ $name }</b> به <b>GB</b>، مثلاً 50 یا 2.5. API نود مشخص نمی‌کند محدودیت ۰ به چه معناست: همان‌طور که هست ارسال می‌شود.
node-ask-limit-devices = محدودیت دستگاه، یک عدد صحیح.
node-limits-set = ✅ محدودیت‌های <b>{ $name }</b>: ترافیک { $traffic } · دستگاه‌ها { $devices }.
node-ask-rename = ✏️ نام جدید برای <b>{ $name }</b>: ۱ تا ۶۴ نویسه از A-Z a-z 0-9 _ . @ -
node-renamed = ✅ نام <b>{ $old }</b> اکنون <b>{ $name }</b> است.
node-ask-ban-reason = 🚫 مسدود کردن <b>{ $name }</b>: دلیل را بفرستید (روی نود نگه داشته می‌شود)، یا <code>-</code> برای بدون دلیل.
node-reason-too-long = دلیل خیلی طولانی است: حداکثر ۲۰۰ نویسه.
node-name-view =
    🏷 <b>نام نود</b>
    نام فعلی: <b>{ $name }</b>
    این نام در برچسب لینک‌های VLESS دیده می‌شود (مثلاً <code>{ $name }-ws</code>).
node-name-change = ✏️ تغییر نام
node-ask-node-name = 🏷 نام جدید نود را بفرستید (نام یک موقعیت، حداکثر ۶۴ نویسه). لینک‌های جدید آن را در برچسب خود دارند.
node-node-name-invalid = نام نود باید ۱ تا ۶۴ نویسه در یک خط باشد. نام دیگری بفرستید.
node-name-set = ✅ نام نود اکنون <b>{ $name }</b> است. لینک‌ها با برچسب جدید از نو ساخته می‌شوند.
node-peers-title = 🔗 <b>همتاهای اشتراک مشترک</b>: { $count ->
    [one] { $count } همتا
   *[other] { $count } همتا
}
node-peers-empty = هنوز همتایی وجود ندارد.
node-peers-line =
    • <b>{ $name }</b>
    <code>{ $url }</code>
node-peers-hint = نشانی URL هر همتا شامل جانگهدار <code>{ "{uuid}" }</code> است که نود اصلی آن را با UUID کاربر جایگزین می‌کند، و به <code>/local</code> ختم می‌شود (فقط لینک‌های خود همتا؛ نشانی‌های دیگر رد می‌شوند)، مثلاً <code>https://node2.example:2096/sub/{ "{uuid}" }/local</code>.
node-peer-add = ➕ افزودن همتا
node-peer-delete = 🗑 { $name }
node-ask-peer-name = 🔗 <b>همتای جدید</b>. نام آن را بفرستید: ۱ تا ۶۴ نویسه از A-Z a-z 0-9 _ . @ -
node-peer-name-invalid = نام همتا باید ۱ تا ۶۴ نویسه از A-Z a-z 0-9 _ . @ - باشد. نام دیگری بفرستید.
node-ask-peer-url = نشانی URL اشتراک <b>{ $name }</b> را بفرستید. باید شامل <code>{ "{uuid}" }</code> باشد و مجموعه‌لینک خود همتا باشد: برای مجموعه‌لینک مخصوص هر نود به <code>/local</code> ختم می‌شود، مثلاً <code>https://node2.example:2096/sub/{ "{uuid}" }/local</code>. نشانی‌های دیگر رد می‌شوند (وگرنه نود اصلی اشتراک‌ها را به‌صورت بازگشتی جمع می‌کرد).
node-peer-url-no-uuid = نشانی URL باید شامل جانگهدار <code>{ "{uuid}" }</code> باشد (نود اصلی UUID کاربر را آنجا می‌گذارد). دوباره بفرستید.
node-peer-url-invalid = این یک نشانی http(s) نیست. دوباره بفرستید، مثلاً <code>https://node2.example:2096/sub/{ "{uuid}" }/local</code>.
node-peer-added = ✅ همتای <b>{ $name }</b> ذخیره شد:
    <code>{ $url }</code>
node-peer-url-not-local = نشانی URL پس از <code>{ "{uuid}" }</code> به <code>/local</code> ختم نمی‌شود: همتا باید فقط لینک‌های خودش را بدهد، وگرنه نود اصلی اشتراک‌ها را به‌صورت بازگشتی جمع می‌کند. دوباره بفرستید، مثلاً <code>https://node2.example:2096/sub/{ "{uuid}" }/local</code>.
node-peer-delete-confirm = 🗑 همتای <b>{ $name }</b> از اشتراک مشترک حذف شود؟ لینک‌های آن دیگر در اشتراک مشتریان نخواهد بود.
node-peer-delete-yes = 🗑 بله، حذف شود
node-peer-deleted = 🗑 همتای <b>{ $name }</b> حذف شد.
node-fed-view =
    🌐 <b>فدراسیون (بالادست)</b>
    API نود اصلی: <code>{ $url }</code>
    توکن: <code>{ $token }</code>
    این نود کاربرانش را از این نود اصلی دریافت می‌کند.
node-fed-none =
    🌐 <b>فدراسیون (بالادست)</b>
    هیچ بالادستی تنظیم نشده است: این نود پایگاه کاربران خودش را دارد.
node-fed-set = 🔗 تنظیم بالادست
node-fed-remove = ✖ حذف بالادست
node-ask-fed-url = 🌐 نشانی API نود اصلی را بفرستید که به <code>/api</code> ختم شود، مثلاً <code>https://master.example:8443/api</code>.
node-fed-url-invalid = نشانی باید یک URL از نوع http(s) باشد که به <code>/api</code> ختم شود، مثلاً <code>https://master.example:8443/api</code>. دوباره بفرستید.
node-ask-fed-token = 🔑 توکن API نود اصلی را برای <code>{ $url }</code> بفرستید. پیام به‌محض خوانده شدن حذف می‌شود و ربات توکن را ذخیره نمی‌کند.
node-fed-token-invalid = توکن یک کلمه بدون فاصله است. دوباره بفرستید.
node-fed-saved = ✅ بالادست ذخیره شد: <code>{ $url }</code> (توکن <code>{ $token }</code>). اکنون نود کاربرانش را از نود اصلی دریافت می‌کند.
node-fed-remove-confirm = ✖ بالادست حذف شود؟ نود دیگر کاربران را از نود اصلی دریافت نمی‌کند.
node-fed-remove-yes = ✖ بله، حذف شود
node-fed-removed = ✅ بالادست حذف شد.
node-backups-title = 💾 <b>پشتیبان‌ها</b>: { $count ->
    [one] { $count } پشتیبان
   *[other] { $count } پشتیبان
}
node-backups-empty = هنوز پشتیبانی وجود ندارد.
node-backups-older = …و { $count ->
    [one] { $count } مورد قدیمی‌تر
   *[other] { $count } مورد قدیمی‌تر
}
node-backup-line = • { $text }
node-backup-line-name = • { $name }
node-backup-create = ➕ ساخت پشتیبان
node-backup-created = ✅ پشتیبان ساخته شد (کاربران، توکن‌ها، همتاها، تنظیمات TLS و Reality).
node-traffic-title = 📊 <b>ترافیک به تفکیک کاربر</b>: { $shown } مورد برتر از { $count }
node-traffic-empty = هنوز شمارنده‌ای برای ترافیک وجود ندارد.
node-traffic-line = { $n }. <b>{ $name }</b> — ↑ { $up } · ↓ { $down } · Σ { $total }
node-logs-title = 📜 <b>لاگ نود</b>: { $count ->
    [one] { $count } رویداد آخر
   *[other] { $count } رویداد آخر
}
node-logs-trimmed = (رویدادهای قدیمی‌تر حذف شدند تا در یک پیام جا شوند)
node-logs-empty = لاگ خالی است.

## Admin: panel and federation (multi-location clients)

admin-panel = 🧩 پنل
panel-title = 🧩 <b>پنل</b>
panel-not-configured =
    🧩 <b>پنل</b>

    پنل متصل نیست. <code>PANEL_API_URL</code> (نشانی پنل اصلی) و <code>PANEL_API_TOKEN</code> (توکن API آن) را در محیط (environment) ربات تنظیم کنید، سپس ربات را دوباره راه‌اندازی کنید.
panel-locations = <b>موقعیت‌ها</b>
panel-location-line = { $mark } { $location } — { $clients ->
    [one] { $clients } کاربر
   *[other] { $clients } کاربر
}
panel-offline = (آفلاین)
panel-no-federation = هیچ پنلی متصل نیست (بدون فدراسیون).
panel-federation-failed = ⚠️ خواندن پنل‌های متصل ممکن نشد: { $error }
panel-inbounds-title = <b>اینباندهای پنل اصلی</b>
panel-inbounds-empty = پنل هیچ اینباندی ندارد.
panel-inbounds-failed = ⚠️ خواندن اینباندها ممکن نشد: { $error }
panel-inbound-line = <b>#{ ID($id) }</b> { $remark } · { $protocol } · { $network } · پورت { $port } · { $clients ->
    [one] { $clients } کاربر
   *[other] { $clients } کاربر
}
panel-btn-clients = 👥 کاربران
panel-btn-new = ➕ کاربر چندموقعیتی جدید
panel-back-home = « بازگشت به پنل
panel-back-list = « بازگشت به کاربران
panel-loc-main = پنل اصلی
panel-loc-node = { $name } (#{ ID($id) })
panel-loc-node-id = نود #{ ID($id) }
panel-error-unauthorized = 🔑 پنل توکن API را رد کرد (401). <code>PANEL_API_TOKEN</code> را در محیط ربات بررسی و ربات را دوباره راه‌اندازی کنید.
panel-error-location-unreachable = 📡 موقعیت { $location } از پنل اصلی در دسترس نیست (502). بررسی کنید پنل متصل آنلاین باشد، سپس دوباره تلاش کنید.
panel-error-unknown-node = ❓ پنل اصلی موقعیت <code>{ $node }</code> را نمی‌شناسد (node_id ناشناخته، 404)، پس نمی‌تواند بگوید کاربر آنجا هست یا نه. فدراسیون را بررسی کنید: ممکن است کاربر هنوز روی آن پنل وجود داشته باشد.
panel-error-unreachable = ⏳ پنل پاسخ نداد. <code>PANEL_API_URL</code> و در حال اجرا بودن پنل را بررسی کنید، سپس دوباره تلاش کنید.
panel-unlimited = نامحدود
panel-none = هیچ
panel-no-expiry = بدون انقضا
panel-until = تا { $date }
panel-expired-on = ⌛ منقضی‌شده در { $date }
panel-used-of = { $used } / { $limit }
panel-list-title = 👥 <b>کاربران پنل اصلی</b>
panel-list-summary = { $count ->
    [one] { $count } کاربر
   *[other] { $count } کاربر
} · صفحهٔ { $page } از { $pages }
panel-list-empty = هنوز کاربری وجود ندارد. برای افزودن، «کاربر چندموقعیتی جدید» را بزنید.
panel-list-line = <b>{ $name }</b> — { $expiry } · 📶 { $traffic } · 📱 { $devices }
panel-page-prev = ‹ قبلی
panel-page-next = بعدی ›
panel-card-title = 🧩 <b>{ $name }</b>
panel-card-uuid = UUID: <code>{ $uuid }</code>
panel-card-expiry = مدت: { $expiry }
panel-card-traffic = ترافیک: { $traffic }
panel-card-devices = دستگاه‌ها: { $devices }
panel-card-inbounds = شناسه‌های اینباند: { $ids }
panel-card-channels = کانال‌ها: { $channels }
panel-card-wg = WireGuard: { $wg }
panel-wg-on = روشن
panel-wg-off = خاموش
panel-wg-unknown = گزارش نشده
panel-card-sub =
    🔗 نشانی اشتراک (برای کپی لمس کنید):
    <code>{ $url }</code>
panel-card-no-sub = پنل برای این کاربر نشانی اشتراکی ارائه نداد.
panel-btn-extend = ➕ تمدید
panel-btn-term = 📅 تعیین مدت
panel-btn-limits = 📦 محدودیت‌ها
panel-btn-qr = 🔳 کد QR
panel-btn-delete = 🗑 حذف
panel-btn-retry = 🔁 تلاش دوباره
panel-open-card = 🧩 باز کردن کاربر
panel-qr-caption = کد QR نشانی اشتراک { $name }
panel-row-done = • { $location }: ✅ { $detail }
panel-row-now = • { $location }: اکنون { $detail }
panel-row-absent = • { $location }: — در این موقعیت نیست
panel-row-failed = • { $location }: ❌ { $error }
panel-row-deleted = • { $location }: 🗑 حذف شد
panel-row-limits = ترافیک { $traffic } · دستگاه‌ها { $devices }
panel-row-term-differs = ⚠️ مدت نهایی در { $location } با مقدار هدف فرق دارد: کاربر را باز کنید و بررسی کنید.
panel-nowhere = این کاربر در هیچ موقعیتی پیدا نشد.
panel-some-failed = ⚠️ همهٔ موقعیت‌ها تغییر نکردند. برای تکرار تغییر، «تلاش دوباره» را بزنید.
panel-ask-extend = ➕ چند روز به مدت باقی‌ماندهٔ <b>{ $name }</b> <b>اضافه</b> شود؟ روزها به انقضای فعلی (یا اگر گذشته باشد، به امروز) در همهٔ موقعیت‌هایی که کاربر در آن‌ها وجود دارد اضافه می‌شوند. یک عدد صحیح بفرستید، مثلاً 30.
panel-days-invalid = یک عدد صحیح روز، ۱ یا بیشتر، بفرستید؛ مثلاً 30.
panel-extend-confirm = ➕ افزودن { $days ->
    [one] { $days } روز
   *[other] { $days } روز
} به مدت باقی‌ماندهٔ <b>{ $name }</b>. مدت‌های فعلی:
panel-extend-target = انقضای جدید در همهٔ موقعیت‌ها: <b>{ $date }</b>. دقیقاً همین تاریخ ارسال می‌شود، پس زدن دوبارهٔ دکمه روزها را دو بار اضافه نمی‌کند.
panel-extend-unread = موقعیت‌هایی که خوانده نشدند، هنگام تأیید دوباره امتحان می‌شوند.
panel-extend-yes = ✅ تمدید
panel-extend-stale = این تأییدیه منقضی شده است (تاریخش گذشته). دوباره «تمدید» را بزنید.
panel-extend-overtaken = مدت از قبل پس از آن تاریخ تمام می‌شود (پس از نمایش این تأییدیه تمدیدی انجام شده)، پس چیزی تغییر نکرد: تنظیم آن تاریخ آن روزها را از بین می‌برد. برای افزودن روز، دوباره «تمدید» را بزنید.
panel-extended = ✅ <b>{ $name }</b>: مدت در همهٔ موقعیت‌هایی که کاربر وجود دارد روی { $date } تنظیم شد. مدت‌های نهایی:
panel-ask-term = 📅 مدت جدید برای <b>{ $name }</b>: عدد N، یعنی تعداد روزها <b>از امروز</b>، را بفرستید؛ مثلاً 30. این مقدار جایگزین انقضای فعلی در همهٔ موقعیت‌ها می‌شود؛ مدت باقی‌مانده حفظ نمی‌شود.
panel-term-set = ✅ مدت جدید <b>{ $name }</b>: { $days ->
    [one] { $days } روز
   *[other] { $days } روز
} از امروز. مدت‌های نهایی:
panel-ask-limit-gb = 📦 محدودیت ترافیک <b>{ $name }</b> را به <b>GB</b> بفرستید، مثلاً 50 یا 2.5 (<code>0</code> = نامحدود).
panel-ask-limit-devices = 📱 محدودیت دستگاه <b>{ $name }</b> را به‌صورت یک عدد صحیح بفرستید (<code>0</code> = نامحدود).
panel-gb-invalid = مقداری به GB، ۰ یا بیشتر (۰ = نامحدود)، بفرستید؛ مثلاً 50 یا 2.5.
panel-devices-invalid = یک عدد صحیح برای تعداد دستگاه‌ها، ۰ یا بیشتر (۰ = نامحدود)، بفرستید؛ مثلاً 3.
panel-limits-set = ✅ محدودیت‌های جدید <b>{ $name }</b>:
panel-delete-confirm =
    🗑 <b>{ $name }</b> از همهٔ موقعیت‌هایی که در آن‌ها وجود دارد حذف شود؟

    اشتراک او از کار می‌افتد. این کار برگشت‌پذیر نیست.
panel-delete-yes = 🗑 بله، از همه‌جا حذف شود
panel-deleted-title = 🗑 <b>{ $name }</b>:
panel-delete-some-failed = ⚠️ کاربر هنوز در برخی موقعیت‌ها وجود دارد. برای حذف از آنجا، «تلاش دوباره» را بزنید.
panel-delete-already = این حذف قبلاً انجام شده است (دکمه بیش از یک بار زده شد).
panel-delete-expired = این تأییدیه منقضی شده است. برای حذف، کاربر را دوباره باز کنید.
panel-ask-name = ➕ <b>کاربر چندموقعیتی جدید</b>: نام آن را بفرستید (۱ تا ۶۴ حرف لاتین، رقم و _ . @ -). این نام در همهٔ موقعیت‌ها یکسان است.
panel-name-invalid = نام باید ۱ تا ۶۴ نویسه از حروف لاتین، رقم‌ها و _ . @ - باشد (بدون فاصله).
panel-pick-locations = 📍 موقعیت‌های <b>{ $name }</b> را انتخاب کنید (برای روشن یا خاموش کردن لمس کنید)، سپس «ادامه» را بزنید.
panel-pick-go = ➡️ ادامه
panel-pick-none = دست‌کم یک موقعیت انتخاب کنید.
panel-pick-use-buttons = لطفاً برای انتخاب موقعیت‌ها از دکمه‌های بالا استفاده کنید، یا «لغو» را بزنید.
panel-pick-outdated = این گفتگو به پایان رسیده است. از بخش «پنل» دوباره شروع کنید.
panel-ask-inbounds = 📡 شناسه‌های اینباند در <b>{ $location }</b>، جداشده با ویرگول، مثلاً <code>1, 2</code>:
panel-pick-inbound-line = <code>{ $id }</code> — { $remark } · { $protocol } · پورت { $port }
panel-inbounds-remote = (شناسه‌های اینباندهای خود { $location }؛ همان پنل آن‌ها را بررسی می‌کند)
panel-inbounds-unread = ⚠️ خواندن اینباندها ممکن نشد ({ $error })؛ با این حال شناسه‌ها را تایپ کنید.
panel-inbounds-invalid = یک یا چند شناسهٔ اینباند، جداشده با ویرگول، بفرستید؛ مثلاً <code>1, 2</code>.
panel-inbounds-unknown = { $location } اینباند { $ids } ندارد. اینباندهای آن: { $known }.
panel-inbound-from-catalog = از کاتالوگ
panel-inbounds-tap = اینباندهای موردنظر را لمس کنید، سپس «ادامه»؛ یا شناسه‌هایشان را تایپ کنید.
panel-inbounds-none = دست‌کم یک اینباند انتخاب کنید، یا شناسه‌ها را تایپ کنید.
panel-create-summary = 🧾 <b>کاربر { $name } ساخته شود؟</b>
panel-create-summary-row = • { $location }: اینباندهای { $inbounds }
panel-create-summary-term = مدت: { $days ->
        [one] { $days } روز
       *[other] { $days } روز
    }، تا { $date }
panel-create-summary-limits = ترافیک: { $traffic } · دستگاه‌ها: { $devices }
panel-create-yes = ✅ ساختن
panel-create-use-buttons = لطفاً «ساختن» یا «لغو» را در بالا بزنید.
panel-ask-days = 📅 مدت به <b>روز، از امروز</b>، مثلاً 30.
panel-ask-gb = 📦 محدودیت ترافیک به <b>GB</b>، مثلاً 50 یا 2.5. برای نامحدود <code>0</code> بفرستید.
panel-ask-devices = 📱 محدودیت دستگاه، یک عدد صحیح. برای نامحدود <code>0</code> بفرستید.
panel-created = ✅ کاربر <b>{ $name }</b> در همهٔ موقعیت‌های انتخاب‌شده ساخته شد.
panel-created-partly = ⚠️ کاربر <b>{ $name }</b> هنوز در همهٔ موقعیت‌های انتخاب‌شده ساخته نشده است.
panel-created-terms = مدت: تا { $date } · ترافیک: { $traffic } · دستگاه‌ها: { $devices }
panel-create-row-created = • { $location } (اینباندهای { $inbounds }): ✅ ساخته شد
panel-create-row-exists = • { $location } (اینباندهای { $inbounds }): ✅ از قبل وجود دارد
panel-create-row-failed = • { $location } (اینباندهای { $inbounds }): ❌ { $error }
panel-create-taken = آنجا کاربر دیگری (با UUID دیگری) از قبل <b>{ $name }</b> نام دارد.
panel-create-not-atomic = ساختن در چند موقعیت به‌صورت یکجا (اتمیک) انجام نمی‌شود. «تکمیل موقعیت‌های جامانده» را بزنید تا کاربر فقط در جاهایی که هنوز وجود ندارد ساخته شود.
panel-btn-complete = 🔁 تکمیل موقعیت‌های جامانده
panel-create-plan-gone = این درخواست ساخت برای تکمیل خیلی قدیمی است. کاربر را دوباره بسازید.

## Catalog

admin-catalog = 📦 کاتالوگ
catalog-title = 📦 <b>کاتالوگ</b> · { $currency } · { $count ->
    [one] { $count } طرح
   *[other] { $count } طرح
  }
catalog-plan = • <b>{ $title }</b> (<code>{ $id }</code>): { $price } · { $days } روز · ترافیک { $traffic } · دستگاه‌ها { $devices }
    { $backend }
catalog-backend-xui = سرورهای xui { $servers }
catalog-backend-panel = موقعیت‌های پنل { $locations }
catalog-backend-node = نود اصلی
catalog-trial = 🎁 آزمایشی: { $days } روز، { $traffic }، روی طرح { $plan }
catalog-no-trial = دورهٔ آزمایشی رایگان ارائه نمی‌شود.
catalog-file = فایل: <code>{ $file }</code>
catalog-reload = 🔄 بارگذاری دوباره از فایل
catalog-reloaded = ✅ بارگذاری شد: { $count ->
    [one] { $count } طرح
   *[other] { $count } طرح
  } اکنون در حال فروش است.
catalog-reload-failed = ⚠️ فایل بارگذاری نشد؛ طرح‌های زیر همچنان در فروش می‌مانند. دلیل: { $error }
catalog-off-sale-title = ⛔ <b>خارج از فروش</b>: تنظیمات بک‌اند آن‌ها خالی است، پس قابل تحویل نبودند (.env.example را ببینید).
catalog-off-sale-plan = • <b>{ $title }</b> (<code>{ $id }</code>): به { $settings } نیاز دارد
catalog-off-sale-trial = 🎁 دورهٔ آزمایشی رایگان خاموش است: طرح آن، <code>{ $plan }</code>، در حال فروش نیست.

## Customer cabinet (Mini App): the page's strings (webapp-*) and the buttons that open it
menu-cabinet = 📱 پنل کاربری من
webapp-menu-button = VPN من
webapp-title = VPN من
webapp-open-in-telegram = این صفحه را از طریق ربات در تلگرام باز کنید (دکمهٔ «پنل کاربری من»).
webapp-session-expired = این نشست منقضی شده است: پنل کاربری را ببندید و دوباره از ربات باز کنید.
webapp-blocked = حساب شما مسدود شده است. لطفاً با فروشگاه تماس بگیرید.
webapp-error = مشکلی پیش آمد. لطفاً دوباره تلاش کنید.
webapp-tab-subscriptions = اشتراک‌ها
webapp-tab-buy = خرید
webapp-tab-wallet = کیف پول
webapp-traffic = ترافیک
webapp-devices = دستگاه‌ها
webapp-locations = موقعیت‌ها
webapp-usage-title = مصرف، ۳۰ روز گذشته
webapp-usage-none = هنوز مصرفی ثبت نشده است.
webapp-connect = اتصال
webapp-hide = پنهان کردن
webapp-renew = تمدید
webapp-subscription-url = نشانی اشتراک
webapp-links = لینک‌ها
webapp-copy = کپی
webapp-copied = کپی شد
webapp-qr-hint = کد QR را با برنامهٔ VPN اسکن کنید.
webapp-howto-title = نحوهٔ اتصال
webapp-howto = یکی از برنامه‌ها را نصب کنید، سپس «افزودن به برنامه» را بزنید، یا نشانی اشتراک را کپی کنید و از کلیپ‌بورد وارد کنید (➕ ← Import from clipboard).
webapp-open-in-app = افزودن به برنامه
webapp-get-app = دریافت برنامه
webapp-platform-android = Android
webapp-platform-ios = iPhone و iPad
webapp-platform-windows = Windows
webapp-platform-macos = macOS
webapp-platform-linux = Linux
webapp-plans-title = طرح‌ها
webapp-buy = خرید
webapp-pay-wallet = پرداخت از موجودی
webapp-pay-invoice = پرداخت با صورت‌حساب
webapp-insufficient = موجودی کافی نیست: با صورت‌حساب پرداخت کنید.
webapp-refused = در حال حاضر امکان خرید یا تمدید این مورد وجود ندارد.
webapp-undeliverable = فروشگاه فعلاً نمی‌تواند این مورد را تحویل دهد، پس مبلغی کسر نشد. لطفاً بعداً دوباره تلاش کنید.
webapp-order-awaiting = در انتظار پرداخت…
webapp-order-paid = پرداخت دریافت شد: در حال آماده‌سازی دسترسی شما…
webapp-order-active = ✅ انجام شد: دسترسی شما آماده است.
webapp-order-failed = سفارش ناموفق بود: مبلغ به کیف پول شما بازگشت.
webapp-order-closed = سفارش بدون پرداخت بسته شد.
webapp-balance = موجودی
webapp-topup-title = افزایش موجودی
webapp-history-title = تاریخچه
webapp-history-empty = هنوز تراکنشی وجود ندارد.
webapp-prev = ‹ جدیدتر
webapp-next = قدیمی‌تر ›
webapp-days-left = { $days ->
    [one] { $days } روز مانده
   *[other] { $days } روز مانده
  }
webapp-until = تا { $date }
webapp-traffic-of = { $used } از { $limit }
webapp-traffic-unlimited = نامحدود، { $used } مصرف شده
webapp-traffic-unlimited-unused = نامحدود، هنوز مصرفی نداشته‌اید
webapp-traffic-unknown = فعلاً نامشخص
webapp-page = { $page } از { $pages }

## Referrals: the customer's invite screen and the admins' section
invite-title =
    <b>🤝 دعوت از دوستان</b>

    لینک اختصاصی شما:
    <code>{ $link }</code>

    { $terms }

    عضوشده با لینک شما: <b>{ $joined }</b>
    پرداخت‌کرده از میان آن‌ها: <b>{ $paid }</b>
    درآمد شما: <b>{ $earned }</b>
invite-terms-percent = 💸 { $percent }٪ از هر پرداخت هر دوستی که دعوت می‌کنید به کیف پول شما واریز می‌شود.
invite-terms-percent-first = 💸 { $percent }٪ از { $payments ->
    [one] اولین پرداخت
   *[other] { $payments } پرداخت اول
} هر دوستی که دعوت می‌کنید به کیف پول شما واریز می‌شود.
invite-terms-bonus = 🎁 دوستان شما در اولین خریدشان { $days ->
    [one] { $days } روز اضافه
   *[other] { $days } روز اضافه
} می‌گیرند.
invite-off = دعوت از دوستان فعلاً فعال نیست.
invite-qr = 📷 کد QR
invite-qr-caption = لینک دعوت شما: { $link }
invite-welcome = 🤝 شما با دعوت یکی از دوستانتان آمده‌اید.
invite-welcome-bonus = 🤝 شما با دعوت یکی از دوستانتان آمده‌اید: اولین خریدتان { $days ->
    [one] { $days } روز اضافه
   *[other] { $days } روز اضافه
} دارد.
referral-order-days = 🤝 دعوت‌شده توسط دوست: +{ $days ->
    [one] { $days } روز هدیه
   *[other] { $days } روز هدیه
} با این اولین خرید
admin-referrals-title = <b>🤝 دعوت‌ها</b>: { $state }
admin-referrals-terms = کاتالوگ: { $percent }٪ از هر پرداخت به دعوت‌کننده · پرداخت‌های دارای پاداش برای هر دوست: { $payments ->
    [0] همه
   *[other] { $payments } پرداخت اول
} · روزهای هدیه در اولین خرید: { $days }
admin-referrals-no-terms = کاتالوگ بخش <code>referral:</code> ندارد، پس کسی دعوت نمی‌شود و پاداشی داده نمی‌شود.
admin-referrals-top = <b>برترین دعوت‌کنندگان</b> (عضوشده · پرداخت‌کرده · درآمد):
admin-referrals-none = هنوز کسی از دعوت درآمدی نداشته است.
admin-referrals-row = { $place }. { $name } (<code>{ $id }</code>): { $joined } · { $paid } · <b>{ $earned }</b>{ $lost }
admin-referrals-lost = ، { $lost } پس از بازپرداخت‌ها پس گرفته نشد
admin-referrals-turn-off = ⛔ خاموش کردن دعوت‌ها
admin-referrals-turn-on = ✅ روشن کردن دعوت‌ها
admin-referrals-now-on = دعوت‌ها روشن است.
admin-referrals-now-off = دعوت‌ها خاموش است: دعوت، پاداش یا روز هدیهٔ جدیدی در کار نیست.

## Term changes: an admin's change of a customer's subscription takes its turn

term-change-now = ✅ مدت <b>{ $name }</b> اکنون در { $to } تمام می‌شود (پیش‌تر در { $from } تمام می‌شد).
term-change-queued = ⏳ یک تمدید پرداخت‌شده برای اشتراک این مشتری ابتدا در حال اعمال است. تغییر شما برای <b>{ $name }</b> ({ $mode ->
    [add] { $days ->
        [one] +{ $days } روز
       *[other] +{ $days } روز
    }
   *[set] تعیین مدت روی یک تاریخ
}) منتظر آن می‌ماند و بلافاصله پس از آن اعمال می‌شود؛ در آن زمان پیامی دریافت خواهید کرد.
term-change-retrying = ⏳ سمت هاستینگ به تغییر <b>{ $name }</b> پاسخ نداد. این تغییر نوبتش را حفظ می‌کند و خودکار دوباره امتحان می‌شود (تمدیدهای اشتراک منتظر آن می‌مانند)؛ وقتی اعمال شد پیامی دریافت خواهید کرد.
term-change-refused = ❌ سمت هاستینگ تغییر <b>{ $name }</b> را رد کرد: { $reason }. چیزی تغییر نکرد.
term-change-overrides = ⚠️ این تغییر تاریخ را تعیین می‌کند، درحالی‌که { $count ->
    [one] { $count } تمدید پرداخت‌شده
   *[other] { $count } تمدید پرداخت‌شده
} هنوز در حال اعمال است ({ $orders }): { $count ->
    [one] ابتدا آن تمدید اعمال می‌شود، سپس این تاریخ جایگزین روزهایی می‌شود که اضافه کرده است.
   *[other] ابتدا آن تمدیدها اعمال می‌شوند، سپس این تاریخ جایگزین روزهایی می‌شود که اضافه کرده‌اند.
}
term-change-applied = ✅ تغییر مدیر در اشتراک { $subscription } ({ $mode ->
    [add] { $days ->
        [one] +{ $days } روز
       *[other] +{ $days } روز
    }
   *[set] تعیین مدت روی یک تاریخ
}) پس از تغییرات قبلی اعمال شد: مدت اکنون در { $expiry } تمام می‌شود.
term-change-failed = ❌ تغییر مدیر در اشتراک { $subscription } اعمال نشد: { $reason }. چیزی تغییر نکرد.

## Cabinet API limits (issue 23: the Mini App's request budgets)
webapp-rate-limited = درخواست‌های همزمان زیادی ارسال شده است. لطفاً چند ثانیه صبر کنید، سپس دوباره تلاش کنید.

## Flood limit (issue 23): the toast answering a button press dropped over the limit
rate-limited-toast = لطفاً کمی آهسته‌تر: چند ثانیه صبر کنید.

## Issue 24, item 6 (second half): server screens and outage notices
my-status-outage = 🔴 کار نمی‌کند: سرورش قطع است
my-outage-note = ⚠️ سرور این دسترسی از { $since } قطع است. در حال رفع مشکل هستیم و به‌محض برقراری دوباره به شما خبر می‌دهیم؛ لینک‌های شما تغییری نمی‌کنند.
outage-offline-plans = ⚠️ VPN شما در حال حاضر کار نمی‌کند: { $count ->
        [one] اشتراک { $plans } شما در دسترس نیست
       *[other] اشتراک‌های { $plans } شما در دسترس نیستند
    }. در حال رفع مشکل هستیم و به‌محض برقراری دوباره به شما خبر می‌دهیم.
outage-offline-plans-at = ⚠️ VPN شما در حال حاضر کار نمی‌کند: { $count ->
        [one] اشتراک { $plans } شما در دسترس نیست
       *[other] اشتراک‌های { $plans } شما در دسترس نیستند
    } ({ $locations }). در حال رفع مشکل هستیم و به‌محض برقراری دوباره به شما خبر می‌دهیم.
watch-open-server = 🖥 باز کردن سرور
owners-stop-note = آن‌ها تا وقتی سرور دوباره روشن نشود VPN ندارند؛ پس از مهلت قطعی (تنظیمات) از قطع بودن آن مطلع می‌شوند و وقتی برقرار شد دوباره خبر می‌گیرند.
servers-days-left-soon = ⚠️ { $days ->
    [one] { $days } روز مانده
   *[other] { $days } روز مانده
}
settings-cost-learned = { $price }، مشخص‌شده در { $date } از سرور <b>{ $name }</b> (#{ ID($id) })؛ هشدار به‌جای هزینهٔ بالا از این مقدار استفاده می‌کند
settings-cost-learned-none = هنوز دیده نشده (این ربات تمدیدی انجام نداده است)
xui-open-customer = 👤 مشتری: { $who }

## Plan editor (issue 24, item 7: plans editable from the bot)
plans-button = ✏️ ویرایش طرح‌ها
plans-title = ✏️ <b>طرح‌ها</b>: { $count ->
    [one] { $count } طرح
   *[other] { $count } طرح
  }. برای تغییر، روی یکی بزنید. تغییراتی که اینجا انجام می‌شوند بر فایل کاتالوگ اولویت دارند؛ برای همسان شدن فایل، آن‌ها را خروجی بگیرید.
plans-line = • <b>{ $title }</b> (<code>{ $id }</code>): { $price } · { $status }{ $edited }
plans-status-on = در حال فروش
plans-status-retired = بازنشسته
plans-status-unsold = اینجا خارج از فروش (تنظیمات ناقص)
plans-edited = {" "}· ✏️ ویرایش‌شده در ربات
plans-add = ➕ افزودن طرح
plans-export = 📄 خروجی YAML
plans-export-caption = کاتالوگ فعلی، همراه با طرح‌هایی که در ربات تغییر کرده‌اند. آن را جایگزین { $file } کنید تا فایل با ربات همسان شود.
plans-to-catalog = « کاتالوگ
plans-back = « طرح‌ها
plans-gone = این طرح دیگر در کاتالوگ نیست.
plans-card =
    <b>طرح</b> <code>{ $id }</code> · { $status }
    عنوان (en): { $en }
    عنوان (ru): { $ru }
    قیمت: { $price }
    مدت: { $days } روز · ترافیک { $traffic } · دستگاه‌ها { $devices }
plans-preview-title = 👁 <b>آنچه مشتریان می‌بینند:</b>
plans-retired-note = 🚫 بازنشسته: مشتریان جدید نمی‌توانند آن را بخرند؛ اشتراک‌هایی که با آن خریده شده‌اند با همان شرایط تمدید می‌شوند.
plans-edited-note = ✏️ در ربات تغییر کرده است (نسخهٔ { $version })؛ فایل کاتالوگ هنوز نسخهٔ خودش از آن را دارد.
plans-edit-price = 💰 قیمت
plans-edit-days = 📅 روزها
plans-edit-title-en = 🇬🇧 عنوان (en)
plans-edit-title-ru = 🇷🇺 عنوان (ru)
plans-edit-traffic = 📶 ترافیک
plans-edit-devices = 📱 دستگاه‌ها
plans-retire = 🚫 بازنشسته کردن (توقف فروش)
plans-unretire = ✅ بازگرداندن به فروش
plans-now-retired = 🚫 <code>{ $id }</code> بازنشسته شد: دیگر فروخته نمی‌شود؛ اشتراک‌هایش همچنان تمدید می‌شوند.
plans-now-on-sale = ✅ <code>{ $id }</code> دوباره در حال فروش است.
plans-ask-price = قیمت جدید را به { $currency } بفرستید (مثلاً 150 یا 99.5).
plans-ask-title-en = عنوان را به انگلیسی بفرستید (حداکثر ۶۴ نویسه).
plans-ask-title-ru = عنوان را به روسی بفرستید (حداکثر ۶۴ نویسه).
plans-ask-days = مدت را به روز بفرستید (یک عدد صحیح از ۱ به بالا).
plans-ask-traffic = ترافیک را به GB بفرستید (۰ = نامحدود).
plans-ask-devices = تعداد دستگاه‌ها را بفرستید (۰ = نامحدود).
plans-ask-id = شناسهٔ طرح جدید را بفرستید: ۱ تا ۳۲ نویسه از a-z، 0-9، _ و -، که طرح دیگری از آن استفاده نکرده باشد.
plans-ask-backend = از سرورهای کدام طرح استفاده کند؟ شناسهٔ آن طرح را بفرستید: { $ids }.
plans-invalid-value = این مقدار مناسب نیست: آن را همان‌طور که سؤال خواسته بفرستید.
plans-preview-head = طرح را بررسی کنید، سپس ذخیره کنید.
plans-save = 💾 ذخیره
plans-press-save = «ذخیره» یا «لغو» را بزنید.
plans-saved = ✅ ذخیره شد (نسخهٔ { $version }).
plans-save-invalid = ⚠️ ذخیره نشد: { $error }
plans-changed-meanwhile = ⚠️ ذخیره نشد: در این فاصله مدیر دیگری این طرح را تغییر داد. وضعیت فعلی آن در اینجا آمده است.
catalog-differ-title = ✏️ <b>فایل و ربات در این طرح‌ها با هم فرق دارند</b>. تا وقتی انتخاب کنید، نسخهٔ ربات معتبر است:
catalog-differ-plan = • <code>{ $id }</code>: { $why }
catalog-differ-both = از آن زمان هم در ربات و هم در فایل تغییر کرده است
catalog-differ-bot = در ربات تغییر کرده است؛ فایل هنوز نسخهٔ قدیمی را دارد
catalog-differ-added = در ربات اضافه شده است؛ در فایل نیست
catalog-use-file = 📄 فایل معتبر باشد: { $id }
catalog-keep-bot = ✏️ ربات معتبر باشد: { $id }
catalog-took-file = ✅ <code>{ $id }</code>: اکنون نسخهٔ فایل معتبر است.
catalog-kept-bot = ✅ <code>{ $id }</code>: نسخهٔ ربات معتبر می‌ماند.

## Customer screens (issue 24, items 2-4): the trial's own title, ways on from every screen
command-promo = وارد کردن کد تخفیف
sub-title-trial = آزمایشی رایگان · { $days ->
    [one] { $days } روز
   *[other] { $days } روز
}، { $traffic }
sub-title-trial-open = آزمایشی رایگان · { $traffic }
my-trial-buy = 🛒 انتخاب طرح
buy-cancelled-renewal = تمدید لغو شد. مبلغی کسر نشد؛ مدت اشتراک شما تغییری نمی‌کند.
buy-renewal-back = 🔑 بازگشت به اشتراک
webapp-trial-buy = انتخاب طرح

## Issue 24, item 1 (sell only what can be delivered): orders the hosting side cannot deliver now
undeliverable-server-short = { $kind ->
    [renewal] این تمدید
   *[other] این طرح
} فعلاً قابل تحویل نیست: هیچ سروری در موقعیت آن تا { $needed } پرداخت نشده است. مبلغی کسر نشد. به مدیران اطلاع داده شد؛ لطفاً بعداً دوباره تلاش کنید.
undeliverable-location-down = { $kind ->
    [renewal] این تمدید
   *[other] این طرح
} فعلاً قابل تحویل نیست: یکی از موقعیت‌های آن در دسترس نیست. مبلغی کسر نشد. به مدیران اطلاع داده شد؛ لطفاً بعداً دوباره تلاش کنید.
undeliverable-client-gone = دسترسی شما دیگر روی سرور وجود ندارد، پس قابل تمدید نیست. مبلغی کسر نشد؛ لطفاً یک طرح جدید بخرید یا با پشتیبانی تماس بگیرید.
buy-renewal-moves = 🔁 سروری که دسترسی شما روی آن است برای کل مدت جدید پرداخت نشده است، پس این تمدید دسترسی شما را به سرور دیگری در همان موقعیت منتقل می‌کند: لینک‌های جدید دریافت می‌کنید و لینک‌های قبلی از کار می‌افتند.
invoice-refused-undeliverable = این سفارش فعلاً قابل تحویل نیست، پس مبلغی کسر نشد. لطفاً بعداً دوباره تلاش کنید.
alert-undeliverable-server = ⚠️ فروخته نشد: { $kind ->
    [renewal] تمدید
   *[other] خرید
} «{ $plan }» برای { $customer }.
    سرور <b>{ $server }</b> (#{ ID($id) }) تا { $paid } پرداخت شده است، اما مدت تا { $needed } ادامه می‌یافت. تمدید خودکار { $auto ->
        [on] روشن است و نتوانست آن را تمدید کند (موجودی را ببینید)
       *[other] خاموش است
    }. برای فروش دوباره، سرور را تمدید کنید.
alert-undeliverable-no-server = ⚠️ فروخته نشد: { $kind ->
    [renewal] تمدید
   *[other] خرید
} «{ $plan }» برای { $customer }: هیچ‌یک از سرورهای این طرح سرور xui فعال نیست.
alert-undeliverable-location = ⚠️ فروخته نشد: { $kind ->
    [renewal] تمدید
   *[other] خرید
} «{ $plan }» برای { $customer }: موقعیت پنل { $location } به پنل اصلی متصل نیست یا آفلاین است.
alert-undeliverable-gone = ⚠️ فروخته نشد: تمدید «{ $plan }» برای { $customer }: کاربر آن دیگر در سمت هاستینگ وجود ندارد.
alert-extend-server = ⏫ تمدید سرور
failure-server-short = سرور { $server } (#{ ID($id) }) فقط تا { $paid } پرداخت شده است، پیش از پایان مدت در { $needed }: سرور را تمدید کنید
refund-back-stars = { $amount } به ستاره‌های تلگرام شما بازگشت
refund-back-split = { $stars } به ستاره‌های تلگرام شما و { $wallet } به کیف پول شما بازگشت
refund-back-wallet = { $amount } به کیف پول شما بازگشت
delivery-failed-back = 😔 نتوانستیم دسترسی VPN شما را راه‌اندازی کنیم. { $back }. به مدیران اطلاع داده شد.
renewal-failed-back = 😔 نتوانستیم «{ $plan }» را تمدید کنیم. { $back }. اشتراک شما مدت فعلی خود را تا { $date } حفظ می‌کند؛ به مدیران اطلاع داده شد.
gift-failed-back = 😔 هدیهٔ شما ({ $plan }) دریافت شد، اما نتوانستیم دسترسی را راه‌اندازی کنیم. { $back }. به مدیران اطلاع داده شد.
alert-order-stars-back = 💫 { $stars } به ستاره‌های تلگرام مشتری بازگردانده شد.

## Issue 24, part c (money screens and back office): history lines in the customer's words
history-what-paid = { $what } · { $paid }
history-gift = 🎁 هدیه: { $plan }
history-renewal = تمدید: { $plan }
history-refund = بازپرداخت: { $plan }
history-gift-refund = بازپرداخت هدیه: { $plan }
history-paid-balance = از موجودی
history-paid-stars = پرداخت با ستاره
history-paid-card = پرداخت با کارت
history-paid-stars-part = پرداخت با ستاره ({ $charge }) و از موجودی ({ $rest })
history-paid-card-part = پرداخت با کارت ({ $charge }) و از موجودی ({ $rest })
gift-cancel-confirm = هدیهٔ <b>{ $plan }</b> لغو شود؟

{ $amount } به کیف پول شما بازمی‌گردد و لینک از کار می‌افتد: هر کسی که آن را برایش فرستاده‌اید دیگر نمی‌تواند دریافتش کند.
gift-cancel-yes = ✖ بله، لغو و بازپرداخت { $amount }
gift-cancel-keep = « نگه داشتن هدیه
customers-order-kind-gift = هدیه
customers-order-kind-gift-for = هدیه برای <code>{ $id }</code>
admin-referrals-state-unset = ⚪ راه‌اندازی نشده
admin-referrals-off-means = خاموش است: لینک‌ها کسی را دعوت نمی‌کنند و تا وقتی دوباره روشنشان نکنید هیچ پاداش یا روز هدیه‌ای داده نمی‌شود.
admin-referrals-nobody-yet = هنوز کسی با دعوت عضو نشده است: مشتریان لینک خود را در 🤝 دعوت از دوستان پیدا می‌کنند.
admin-referrals-nobody = کسی با دعوت عضو نشده است.
admin-referrals-figures = عضوشده با دعوت: <b>{ $joined }</b>، از طرف { $inviters ->
    [one] { $inviters } دعوت‌کننده
   *[other] { $inviters } دعوت‌کننده
} · پرداخت‌کرده: <b>{ $paid }</b> · پاداش‌ها: <b>{ $earned }</b>
promo-admin-plans-all = 🌐 همهٔ طرح‌ها
promo-admin-plans-go = ✅ ادامه
promo-admin-plans-none = دست‌کم یک طرح را انتخاب کنید، یا 🌐 همهٔ طرح‌ها را بزنید.
promo-admin-button-yes = ✅ بله
promo-admin-button-no = ❌ خیر
broadcast-audience-expired = ⌛ اشتراک منقضی‌شده
broadcast-audience-never = 🆕 هرگز خرید نکرده
broadcast-audience-trial = 🎁 فقط آزمایشی
broadcast-audience-plan = 📦 { $plan }
broadcast-to-expired = مشتریانی که اشتراکشان منقضی شده است
broadcast-to-never = مشتریانی که هرگز خرید نکرده‌اند
broadcast-to-trial = مشتریانی که فقط دورهٔ آزمایشی داشته‌اند
broadcast-to-plan = مشتریان دارای { $plan } فعال
broadcast-ask-buttons = 🔗 دکمه‌های لینک زیر پیام اضافه شود؟ هر دکمه را در یک خط به‌صورت <code>Label - https://link</code> بفرستید (حداکثر { $max })، یا ⏭ بدون دکمه را بزنید.
broadcast-no-buttons = ⏭ بدون دکمه
broadcast-buttons-invalid = لطفاً هر دکمه را در یک خط جداگانه به‌صورت <code>Label - https://link</code> بفرستید (یک لینک https:// یا tg://، برچسبی تا ۶۴ نویسه، حداکثر { $max } دکمه)، یا ⏭ بدون دکمه را بزنید.

## Cabinet page (issue 25): the page's own labels (src/webapp/strings.ts lists them)

webapp-tab-more = بیشتر
webapp-retry = تلاش دوباره
webapp-offline = اتصال برقرار نیست. اینترنت را بررسی کنید و دوباره تلاش کنید.
webapp-cancel = لغو
webapp-empty-title = خوش آمدید! هنوز VPN ندارید.
webapp-empty-trial = اول رایگان امتحان کنید یا یکی از طرح‌های زیر را انتخاب کنید: دسترسی در چند ثانیه می‌رسد.
webapp-empty-plans = یکی از طرح‌های زیر را انتخاب کنید: دسترسی با لینک‌ها و کد QR در چند ثانیه می‌رسد.
webapp-plans-choose = انتخاب طرح
webapp-trial-start = امتحان رایگان
webapp-trial-free = رایگان
webapp-trial-used = شما قبلاً از دورهٔ آزمایشی رایگان استفاده کرده‌اید.
webapp-gift-buy = 🎁 به‌عنوان هدیه
webapp-confirm-term = مدت
webapp-confirm-price = قیمت
webapp-confirm-promo = کد تخفیف
webapp-confirm-balance-after = موجودی پس از پرداخت
webapp-confirm-by-invoice = مبلغ قابل پرداخت با صورت‌حساب
webapp-confirm-gift = 🎁 هدیه: پس از پرداخت لینکی می‌گیرید که باید برای دوستتان بفرستید.
webapp-order-paying = در حال پرداخت از موجودی…
webapp-invoice-cancelled = صورت‌حساب پرداخت نشد. مبلغی کسر نشد.
webapp-gift-ready = 🎁 پرداخت شد: لینک هدیه در پایین آماده است. آن را برای دوستتان بفرستید.
webapp-promo-title = کد تخفیف دارید؟
webapp-promo-placeholder = کد تخفیف
webapp-promo-hint = پیش از انتخاب طرح آن را اینجا وارد کنید.
webapp-promo-noted = کد در سفارش بعدی بررسی می‌شود و تخفیف آن پیش از پرداخت نشان داده می‌شود.
webapp-usage-peak = پرمصرف‌ترین روز
webapp-usage-no-reading = بدون داده
webapp-topup-amount = مبلغ دیگر
webapp-topup-go = افزایش موجودی
webapp-topup-bounds = مبلغ از
webapp-topup-invalid = مبلغی در محدودهٔ نشان‌داده‌شده در پایین وارد کنید.
webapp-topup-waiting = پرداخت شد: منتظر رسیدن مبلغ هستیم…
webapp-topup-done = ✅ موجودی افزایش یافت.
webapp-invite-title = دعوت از دوستان
webapp-invite-share = اشتراک‌گذاری لینک
webapp-invite-share-text = یک VPN سریع همین‌جا در تلگرام: با لینک من عضو شو.
webapp-gifts-title = هدیه‌ها
webapp-gifts-none = هنوز هدیه‌ای نداده‌اید.
webapp-gift-new = هدیه دادن یک طرح
webapp-gift-cancel = لغو هدیه
webapp-gift-cancel-confirm = این هدیه لغو شود؟ لینک آن دیگر کار نمی‌کند.
webapp-gift-cancel-yes = بله، لغو شود
webapp-gift-not-cancellable = این هدیه دیگر قابل لغو نیست.
webapp-status-title = وضعیت سرویس
webapp-status-none = هنوز مکانی ندارید: وقتی اشتراک داشته باشید اینجا نشان داده می‌شوند.
webapp-notices-title = اطلاعیه‌ها
webapp-notices-none = اطلاعیه‌ای نیست: همه‌چیز بدون مشکل کار کرده است.
webapp-language-title = زبان
webapp-support-title = پشتیبانی
webapp-support-text = سؤال یا مشکلی دارید؟ برای ما بنویسید، کمکتان می‌کنیم.
webapp-support-write = نوشتن به

## Cabinet API (issue 25)
webapp-trial-offer-title = دورهٔ آزمایشی رایگان
webapp-summary-days-bonus = { $days } + { $bonus ->
    [one] { $bonus } روز هدیه
   *[other] { $bonus } روز هدیه
}
webapp-summary-promo-off = کد تخفیف { $code }: −{ $off }
webapp-summary-percent = ٪{ $percent }
webapp-summary-promo-days = کد تخفیف { $code }: +{ $days ->
    [one] { $days } روز هدیه
   *[other] { $days } روز هدیه
}
webapp-gift-state-waiting = در انتظار دریافت، لینک تا { $date } معتبر است
webapp-gift-state-claimed = دریافت‌شده در { $date }
webapp-gift-state-cancelled = لغوشده در { $date }، بازپرداخت شد
webapp-gift-state-expired = منقضی‌شده در { $date }، بازپرداخت شد
webapp-gift-refund-text = { $amount } به موجودی شما برمی‌گردد
webapp-gift-refunded-text = هدیه لغو شد: { $amount } به موجودی شما برگشت.
webapp-invite-joined-text = { $count ->
    [one] { $count } دوست عضو شد
   *[other] { $count } دوست عضو شدند
}
webapp-invite-paid-text = { $count ->
    [one] { $count } نفر پرداخت کرد
   *[other] { $count } نفر پرداخت کردند
}
webapp-invite-earned-text = درآمد: { $amount }
webapp-location-up = فعال
webapp-location-degraded = احتمال اختلال
webapp-location-down = از کار افتاده
webapp-location-since = از { $date }

## Service status (/status, issue 31)
status-title = 📡 <b>وضعیت سرویس</b>
status-empty = اشتراک فعالی ندارید، پس فعلاً چیزی برای بررسی نیست. برای شروع یک طرح انتخاب کنید.
status-line-up = 🟢 <b>{ $name }</b>: فعال
status-line-degraded = 🟡 <b>{ $name }</b>: احتمال مشکل
status-line-down = 🔴 <b>{ $name }</b>: قطع
status-since = از { $date }
status-checked = بررسی‌شده { $ago }
status-checked-never = هنوز بررسی نشده
status-ago-now = همین الان
status-ago-minutes = { $n } دقیقه پیش
status-ago-hours = { $n } ساعت پیش
status-ago-days = { $n } روز پیش
status-notices-title = 🔔 <b>اعلان‌هایی که برایتان فرستاده شد</b>
status-notices-none = اعلانی نیست: همه‌چیز بدون مشکل کار کرده است.
status-open = 📡 وضعیت سرویس

## Issue 26: Maintenance mode
maintenance-closed = 🛠 فروشگاه برای تعمیر و نگهداری بسته است.
maintenance-auto-reason = ارائه‌دهندهٔ هاستینگ ما در حال حاضر پاسخ نمی‌دهد. خرید و تمدید به محض برگشتن آن، خودکار دوباره باز می‌شود.
maintenance-until = زمان تقریبی بازگشایی: { $date }.
maintenance-still-open = همچنان می‌توانید اشتراک‌ها، لینک‌های آن‌ها و کیف پولتان را باز کنید. پرداخت‌های انجام‌شده امن هستند: آنچه پرداخت کرده‌اید طبق معمول می‌رسد.
maintenance-alert = 🛠 فروشگاه برای تعمیر و نگهداری بسته است.
maintenance-section = 🛠 تعمیر و نگهداری
maintenance-admin-title = 🛠 <b>تعمیر و نگهداری</b>
maintenance-admin-open = ✅ فروشگاه برای مشتریان باز است.
maintenance-admin-closed-manual = 🛠 از { $since } برای مشتریان بسته است، { $until }.
maintenance-admin-no-end = تا وقتی که خودتان آن را باز کنید
maintenance-admin-ends = تا { $date } (سپس خودکار باز می‌شود)
maintenance-admin-message = پیام به مشتریان: { $message }
maintenance-admin-message-none = پیام به مشتریان: متن پیش‌فرض.
maintenance-admin-closed-auto = 📡 به‌طور خودکار برای مشتریان بسته شده است: API هاستینگ از { $since } پاسخ نمی‌دهد. وقتی هاستینگ دوباره پاسخ دهد، فروشگاه خودکار باز می‌شود.
maintenance-admin-ended = آخرین تعمیر و نگهداری در { $date } خودکار به پایان رسید.
maintenance-admin-unreachable = 📡 API هاستینگ از { $since } پاسخ نمی‌دهد.
maintenance-admin-auto-off = تعمیر و نگهداری خودکار: ⛔ خاموش. با قطعی هاستینگ فروشگاه باز می‌ماند: سفارش‌ها منتظر هاستینگ می‌مانند و به مشتریان دربارهٔ تأخیر اطلاع داده می‌شود.
maintenance-admin-auto-on = تعمیر و نگهداری خودکار: ✅ پس از { $minutes } دقیقه بی‌پاسخی API هاستینگ؛ وقتی دوباره پاسخ دهد، فروشگاه باز می‌شود.
maintenance-admin-works = <i>تا وقتی فروشگاه بسته است، مدیران طبق معمول کار می‌کنند، پرداخت‌ها ثبت و سفارش‌ها تحویل می‌شوند، یادآوری‌ها و هشدارها ادامه دارند؛ مشتریان همچنان اشتراک‌ها و کیف پولشان را می‌بینند.</i>
maintenance-open-button = ✅ همین حالا فروشگاه را باز کن
maintenance-change-button = ✏️ تغییر پیام یا زمان پایان
maintenance-close-button = 🛠 بستن فروشگاه برای تعمیر و نگهداری
maintenance-auto-choice-off = خودکار: خاموش
maintenance-auto-choice = { $minutes } دقیقه
maintenance-settings-button-off = 🛠 تعمیر و نگهداری (خودکار: خاموش)
maintenance-settings-button-on = 🛠 تعمیر و نگهداری (خودکار پس از { $minutes } دقیقه)
maintenance-now-open = فروشگاه دوباره باز است.
maintenance-already-open = آن تعمیر و نگهداری قبلاً تمام شده است.
maintenance-auto-set = تعمیر و نگهداری خودکار پس از { $minutes } دقیقه.
maintenance-auto-set-off = تعمیر و نگهداری خودکار خاموش است.
maintenance-ask-message = ✏️ پیامی را بفرستید که مشتریان تا بسته بودن فروشگاه می‌بینند (حداکثر { $max } نویسه)، یا متن پیش‌فرض را نگه دارید.
maintenance-standard-text = 📝 متن پیش‌فرض
maintenance-message-too-long = این پیام { $length } نویسه است؛ حداکثر { $max } نویسه جا می‌شود. پیام کوتاه‌تری بفرستید.
maintenance-end-hours = { $hours } ساعت
maintenance-end-none = بدون زمان پایان
maintenance-ask-end = ⏱ برای چه مدت؟ وقتی زمان تمام شود، فروشگاه خودکار باز می‌شود.
maintenance-choose-end = یکی از دکمه‌های بالا را انتخاب کنید یا «لغو» را بزنید.
maintenance-closed-done = 🛠 فروشگاه برای مشتریان بسته شد.
maintenance-auto-on-admins = 📡 API هاستینگ از { $since } ({ $duration }) پاسخ نمی‌دهد: فروشگاه به‌طور خودکار برای مشتریان بسته شد. پرداخت‌ها همچنان ثبت می‌شوند و سفارش‌ها منتظر هاستینگ می‌مانند. وقتی هاستینگ دوباره پاسخ دهد، فروشگاه خودکار باز می‌شود.
maintenance-auto-off-admins = ✅ تعمیر و نگهداری خودکار پایان یافت: فروشگاه دوباره برای مشتریان باز است (به مدت { $duration } بسته بود).
webapp-maintenance = فروشگاه برای تعمیر و نگهداری بسته است.
maintenance-auto-chosen = ✓ { $choice }

## Issue 26: required channel membership (the channel gate)
gate-needed-trial = 📣 برای دریافت دورهٔ آزمایشی رایگان، ابتدا در کانال ما عضو شوید:
gate-needed-purchase = 📣 برای خرید یک طرح، ابتدا در کانال ما عضو شوید:
gate-needed-claim = 📣 برای دریافت این هدیه، ابتدا در کانال ما عضو شوید:
gate-trial-paused = ⏸ دورهٔ آزمایشی شما متوقف شد: از کانال ما خارج شدید. برای استفاده از آن دوباره عضو شوید:
gate-then-check = سپس <b>✅ بررسی</b> را بزنید.
gate-join = ➕ عضویت در { $title }
gate-check = ✅ بررسی
gate-still-out = هنوز عضو نشده‌اید: { $channels }
gate-trial-resumed = ▶️ دورهٔ آزمایشی شما دوباره فعال شد. از همراهی شما سپاسگزاریم!
gate-all-joined = شما در همهٔ کانال‌ها عضو هستید. سپاس!
gate-admin-cannot-read =
    ⚠️ <b>کانال الزامی: ربات اعضای آن را نمی‌بیند</b>
    { $title } ({ $id }): { $reason }
    ربات را مدیر کانال کنید. تا آن زمان این کانال جلوی کسی را نمی‌گیرد: مشتریان بدون بررسی عبور می‌کنند.
gate-settings-button = 📣 کانال‌های الزامی
gate-admin-title = 📣 <b>کانال‌های الزامی</b>
gate-admin-coverage = الزامی برای: { $coverage }
gate-coverage-trial = فقط دورهٔ آزمایشی
gate-coverage-purchases = دورهٔ آزمایشی و خریدهای جدید
gate-coverage-all = همه‌چیز به‌جز تمدید
gate-admin-none = هنوز کانالی تعیین نشده است: از کسی خواسته نمی‌شود عضو جایی شود.
gate-admin-no-link = پیوند عضویت ندارد: { $channels }. به ربات اجازهٔ دعوت کاربران را بدهید و کانال را دوباره اضافه کنید.
gate-admin-help = مشتریان با دکمه‌ها عضو می‌شوند و «بررسی» را می‌زنند. تمدید، «اشتراک‌های من»، خود دسترسی و کیف پول هرگز مسدود نمی‌شوند. دورهٔ آزمایشی مشتری‌ای که از کانال خارج شود تا بازگشت او متوقف می‌ماند.
gate-admin-remove = ✖️ حذف { $title }
gate-admin-add = ➕ افزودن کانال
gate-admin-back = « تنظیمات
gate-admin-coverage-set = اکنون الزامی برای: { $coverage }.
gate-admin-removed = { $title } دیگر الزامی نیست.
gate-admin-ask = کانال یا گروه را بفرستید: @username، پیوند t.me یا شناسهٔ عددی آن (مثلاً -1001234567890). ربات باید مدیر آن باشد.
gate-admin-ask-invalid = این یک کانال نیست. @username، t.me/username یا یک شناسهٔ عددی مانند -1001234567890 بفرستید.
gate-admin-added = ✅ { $title } اضافه شد.
gate-admin-updated = ✅ { $title } از قبل در فهرست بود: نام و پیوند آن به‌روز شد.
gate-admin-not-admin = ⚠️ ربات مدیر { $title } نیست و نمی‌بیند چه کسی عضو شده است. ربات را آنجا مدیر کنید و دوباره اضافه کنید.
gate-admin-full = فهرست پر است ({ $max } کانال). ابتدا یکی را حذف کنید.
gate-admin-not-channel = این یک گفتگوی خصوصی با یک شخص است، نه کانال یا گروه.
gate-admin-unavailable = تلگرام پاسخ نداد. یک دقیقهٔ دیگر دوباره امتحان کنید.
gate-admin-not-found = تلگرام چنین کانالی نمی‌شناسد یا ربات در آن نیست. ربات را به‌عنوان مدیر به کانال اضافه کنید و دوباره امتحان کنید.
webapp-gate-needed = ابتدا در این کانال‌ها عضو شوید، سپس «بررسی» را بزنید.
webapp-gate-join = عضویت
webapp-gate-check = بررسی
webapp-gate-still-out = هنوز در همهٔ آن‌ها عضو نشده‌اید.
webapp-gate-resumed = دورهٔ آزمایشی شما دوباره فعال شد.

## Issue 26: auto-renew from the balance
autorenew-state-on = 🔁 تمدید خودکار: روشن، از موجودی شما { $days ->
    [one] { $days } روز
   *[other] { $days } روز
} پیش از پایان
autorenew-state-off = 🔁 تمدید خودکار: خاموش
autorenew-turn-on = 🔁 روشن کردن تمدید خودکار
autorenew-turn-off = ⏹ خاموش کردن تمدید خودکار
autorenew-now-on = تمدید خودکار روشن شد: هزینهٔ تمدید کمی پیش از پایان از موجودی شما پرداخت می‌شود.
autorenew-now-off = تمدید خودکار خاموش شد.
autorenew-unavailable = این اشتراک نمی‌تواند خودکار تمدید شود (دورهٔ آزمایشی است یا دیگر قابل تمدید نیست).
autorenew-list-mark = 🔁 تمدید خودکار
autorenew-short = 🔁 زمان تمدید خودکار <b>{ $plan }</b> از موجودی رسیده، اما موجودی شما ({ $balance }) برای قیمت آن ({ $price }) کافی نیست. کیف پول را شارژ کنید تا فوراً تمدید شود؛ وگرنه در { $date } به پایان می‌رسد.
autorenew-topup-button = 💳 شارژ { $amount }
autorenew-renewed = 🔁 <b>{ $plan }</b> به‌طور خودکار از موجودی شما تمدید شد: { $price }.
autorenew-settings-line = تمدید خودکار مشتریان: { $days ->
    [one] { $days } روز
   *[other] { $days } روز
} پیش از پایان (هرگز زودتر از مدت خود طرح)
autorenew-settings-edit = 🔁 تغییر زمان تمدید خودکار
autorenew-settings-ask = 🔁 اشتراکی که تمدید خودکارش روشن است چند روز پیش از پایان از موجودی صاحبش تمدید شود؟ یک عدد صحیح از { $min } تا { $max } بفرستید.
autorenew-settings-invalid = یک عدد صحیح روز از { $min } تا { $max } بفرستید.
webapp-autorenew = تمدید خودکار از موجودی
webapp-autorenew-on-text = { $days ->
    [one] { $days } روز
   *[other] { $days } روز
} پیش از پایان، خودکار از موجودی شما تمدید می‌شود.
webapp-autorenew-off-text = خاموش: پیش از پایان، خودتان آن را تمدید کنید.

## Issue 26: traffic packs
pack-title = +{ $gb } برای «{ $plan }»
pack-button = ➕ { $gb } به قیمت { $price }
buy-confirm-pack =
    🚀 <b>بسته ترافیک</b>
    اشتراک: <b>{ $plan }</b>
    اضافه می‌کند: <b>{ $gb }</b>
    قیمت: <b>{ $price }</b>
    موجودی کیف پول: { $balance }
pack-rule = ترافیک این دوره: اکنون { $current }، با این بسته <b>{ $next }</b>، تا { $until }. تاریخ انقضا تغییر نمی‌کند.
pack-pending = { $count ->
    [one] ⏳ بسته ترافیکی که قبلاً پرداخت کرده‌اید هنوز در حال اضافه شدن است: این بسته روی آن اضافه می‌شود.
   *[other] ⏳ { $count } بسته ترافیکی که قبلاً پرداخت کرده‌اید هنوز در حال اضافه شدن هستند: این بسته روی آن‌ها اضافه می‌شود.
}
pack-renewal-note = تمدید، { $plan } طرح را برای دوره جدید از نو می‌دهد: ترافیک مصرف‌نشده بسته به آن منتقل نمی‌شود.
buy-paid-pack = ✅ { $price } از موجودی شما پرداخت شد (موجودی فعلی { $balance }). در حال اضافه کردن ترافیک، چند ثانیه طول می‌کشد…
pack-cancelled = بسته ترافیک لغو شد. هیچ مبلغی کسر نشد؛ اشتراک شما همان‌طور که بود باقی ماند.
pack-not-offered = این بسته ترافیک (دیگر) برای این اشتراک ارائه نمی‌شود. اشتراک را دوباره باز کنید تا گزینه‌های موجود را ببینید.
pack-refused-removed = این اشتراک توسط مدیران فروشگاه حذف شده است، پس نمی‌توان به آن ترافیک اضافه کرد.
pack-refused-disabled = این اشتراک توسط مدیران فروشگاه مسدود شده است، پس فعلاً نمی‌توان ترافیک اضافه کرد و هیچ مبلغی کسر نشد. لطفاً با پشتیبانی تماس بگیرید.
pack-refused-disabled-support = این اشتراک توسط مدیران فروشگاه مسدود شده است، پس فعلاً نمی‌توان ترافیک اضافه کرد و هیچ مبلغی کسر نشد. لطفاً با پشتیبانی تماس بگیرید: { $contact }.
pack-promo-not-applicable = کدهای تخفیف برای طرح‌ها و تمدیدها هستند، نه برای بسته‌های ترافیک: قیمت این سفارش تغییر نمی‌کند.
undeliverable-pack-client-gone = دسترسی شما دیگر روی سرور نیست، پس نمی‌توان به آن ترافیک اضافه کرد. هیچ مبلغی کسر نشد؛ لطفاً طرح جدیدی بخرید یا با پشتیبانی تماس بگیرید.
undeliverable-pack-location-down = این بسته ترافیک فعلاً قابل اضافه شدن نیست: یکی از مکان‌های دسترسی شما در دسترس نیست. هیچ مبلغی کسر نشد. به مدیران اطلاع داده شد؛ لطفاً بعداً دوباره امتحان کنید.
alert-undeliverable-pack-location = ⚠️ فروخته نشد: بسته ترافیک برای «{ $plan }» برای { $customer }: مکان پنل { $location } به پنل اصلی وصل نیست یا آفلاین است.
alert-undeliverable-pack-gone = ⚠️ فروخته نشد: بسته ترافیک برای «{ $plan }» برای { $customer }: کلاینت آن دیگر در سمت هاستینگ نیست.
pack-delivered =
    🚀 <b>{ $gb } اضافه شد: { $plan }</b>
    ترافیک این دوره اکنون { $allowance } است، تا { $until }.
delivery-delayed-pack = ⏳ اضافه شدن بسته ترافیک شما بیشتر از معمول طول می‌کشد: سمت هاستینگ هنوز پاسخ نمی‌دهد. پرداخت شما امن است: ترافیک خودکار اضافه می‌شود و همین‌جا پیامی دریافت می‌کنید، یا مبلغ به کیف پولتان برمی‌گردد.
pack-failed = 😔 نتوانستیم بسته ترافیک را به «{ $plan }» اضافه کنیم. مبلغ { $amount } به کیف پول شما برگشت؛ اشتراک شما همان‌طور که بود باقی ماند. به مدیران اطلاع داده شد.
pack-failed-back = 😔 نتوانستیم بسته ترافیک را به «{ $plan }» اضافه کنیم. { $back }. اشتراک شما همان‌طور که بود باقی ماند؛ به مدیران اطلاع داده شد.
alert-pack-failed = ⚠️ بسته ترافیک { $order } برای اشتراک { $subscription } ناموفق بود: { $what }. مشتری { ID($customer) }، طرح { $plan }؛ { $amount } به کیف پول بازپرداخت شد و اشتراک تغییری نکرد. جزئیات در لاگ است.
invoice-pack-title = بسته ترافیک VPN
wallet-kind-pack = بسته ترافیک
customers-kind-pack = بسته ترافیک
customers-order-kind-pack = بسته ترافیک
history-pack = بسته ترافیک: { $plan }
stats-col-pack = بسته
stats-legend-packs = <i>بسته: بسته‌های ترافیک (درآمد آن‌ها هم حساب می‌شود).</i>
catalog-plan-packs = 📦 بسته‌های ترافیک: { $packs }
traffic-button-packs = ➕ افزودن ترافیک
webapp-packs-title = افزودن ترافیک برای این دوره
webapp-confirm-pack = اضافه می‌کند
webapp-pack-added = ✅ انجام شد: ترافیک اضافه شد.
webapp-pack-not-offered = این بسته ترافیک دیگر برای این اشتراک ارائه نمی‌شود.
webapp-summary-pack = { $gb }: { $current } ← { $next } در این دوره
webapp-summary-pack-term = تاریخ انقضا تغییر نمی‌کند: { $until }

## Issue 27: payment rails (CryptoBot, YooKassa)
rail-paid-order = ✅ { $rail }: پرداخت { $amount } شما رسید. سفارش شما پرداخت شد و در حال آماده‌سازی است.
rail-paid-topup = ✅ { $rail }: پرداخت { $amount } شما رسید و به کیف پول شما اضافه شد (موجودی { $balance }).
rail-paid-promo-refused = ✅ { $rail }: پرداخت { $amount } شما رسید، اما کد تخفیف سفارش دیگر قابل استفاده نبود و سفارش لغو شد. پول در کیف پول شما است (موجودی { $balance }).
rail-paid-mismatch = ⚠️ { $rail }: ما { $amount } دریافت کردیم که با مبلغ سفارش یکی نیست. بنابراین سفارش پرداخت نشد: پول در کیف پول شما است (موجودی { $balance }) و کارکنان فروشگاه مطلع شدند.
rail-paid-held = ⚠️ { $rail }: ما پرداختی به { $currency } دریافت کردیم، ارزی که فروشگاه با آن نمی‌فروشد. هنوز چیزی واریز نشده است: کارکنان فروشگاه بررسی می‌کنند و با شما تماس می‌گیرند.
refund-back-rail = { $amount } از طریق { $rail } به شما بازگشت
refund-back-rail-split = { $amount } از طریق { $rail } به شما و { $wallet } به کیف پول شما بازگشت
alert-order-rail-back = 💳 { $amount } از طریق { $rail } به مشتری بازگردانده شد.
alert-rail-mismatch = ⚠️ پرداخت { $rail } به مبلغ { $amount } از مشتری { $customer } با مبلغ درخواستی یکی نبود و چیزی را پرداخت نکرد: در موجودی او است. در «مدیریت ← پرداخت‌ها» فهرست شده است.
alert-rail-held = ⚠️ پرداخت { $rail } به مبلغ { $amount } از مشتری { $customer } به ارزی رسید که فروشگاه با آن نمی‌فروشد: چیزی واریز نشد. در «مدیریت ← پرداخت‌ها» فهرست شده است؛ با مشتری حل کنید.
wallet-kind-rail-refund = بازپرداخت از طریق سرویس پرداخت
customers-kind-rail-refund = بازپرداخت سرویس پرداخت

## Issue 27: payment rails in the cabinet
webapp-pay-rail = پرداخت با
webapp-confirm-due = مبلغ قابل پرداخت
webapp-rail-unavailable = در حال حاضر در دسترس نیست
webapp-rail-email-title = ایمیل شما برای رسید
webapp-rail-email-hint = سرویس پرداخت رسید این پرداخت را به این نشانی می‌فرستد.
webapp-rail-email-save = ادامه
webapp-rail-email-bad = این به نظر نشانی ایمیل نیست. لطفاً آن را بررسی کنید.
webapp-rail-waiting = در صفحه‌ای که باز شد پرداخت کنید و سپس به اینجا برگردید. پرداخت خودکار دریافت می‌شود؛ اگر طول کشید، «پرداخت کردم» را بزنید.
webapp-rail-check = پرداخت کردم
webapp-rail-open-again = باز کردن صفحهٔ پرداخت
webapp-rail-not-paid = هنوز پرداختی دریافت نشده است. اگر همین الان پرداخت کرده‌اید، یک دقیقه صبر کنید و دوباره «پرداخت کردم» را بزنید.
webapp-rail-closed = این پرداخت بدون انجام شدن بسته شد. دوباره روش پرداخت را انتخاب کنید.
webapp-rail-to-balance = پرداخت رسید، اما نه به مبلغی که سفارش خواسته بود: پول در کیف پول شما است و کارکنان مطلع شدند.
webapp-rail-held = پرداخت به ارزی رسید که فروشگاه با آن نمی‌فروشد: هنوز چیزی واریز نشده و کارکنان با شما تماس می‌گیرند.
webapp-rail-refused = این سرویس پرداخت در حال حاضر نمی‌تواند پرداخت را بپذیرد. روش دیگری را انتخاب کنید یا بعداً دوباره امتحان کنید.
webapp-topup-how = چگونه می‌خواهید پرداخت کنید؟

## Issue 27: payment rails in the chat
rail-pay-button = 💳 پرداخت { $amount } با { $rail }
rail-off-button = ⏸ { $rail }: اکنون در دسترس نیست
rail-unavailable = { $rail } اکنون در دسترس نیست. لطفاً روش پرداخت دیگری انتخاب کنید یا بعداً دوباره امتحان کنید.
rail-not-offered = این روش پرداخت دیگر ارائه نمی‌شود. لطفاً روش دیگری انتخاب کنید.
rail-telegram-off = پرداخت در تلگرام در این فروشگاه در دسترس نیست. لطفاً روش پرداخت دیگری انتخاب کنید.
rail-confirm-short = موجودی شما { $missing } کم است: این مبلغ را با یکی از روش‌های زیر بپردازید، بقیه ({ $covered }) از موجودی کم می‌شود.
rail-confirm-due = { $missing } را با یکی از روش‌های زیر بپردازید.
rail-balance-short = موجودی شما ({ $balance }) دیگر برای این سفارش کافی نیست: روش پرداخت باقی‌مانده را انتخاب کنید.
rail-order-pay =
    💳 <b>پرداخت با { $rail }</b>
    بابت: <b>{ $item }</b>
    مبلغ قابل پرداخت: <b>{ $amount }</b>

    { $rail } را با دکمهٔ زیر باز کنید و آنجا پرداخت کنید. به محض تأیید پرداخت توسط { $rail }، سفارش شما پرداخت می‌شود و اینجا پیامی دریافت می‌کنید. اگر پرداخت کرده‌اید و پیامی نیامد، «پرداخت کردم» را بزنید.
rail-topup-pay =
    💳 <b>افزایش موجودی با { $rail }</b>
    مبلغ قابل پرداخت: <b>{ $amount }</b>

    { $rail } را با دکمهٔ زیر باز کنید و آنجا پرداخت کنید. به محض تأیید پرداخت توسط { $rail }، پول به کیف پول شما اضافه می‌شود و اینجا پیامی دریافت می‌کنید. اگر پرداخت کرده‌اید و پیامی نیامد، «پرداخت کردم» را بزنید.
rail-open = 🔗 باز کردن { $rail }
rail-paid-button = ✅ پرداخت کردم
rail-other-ways = « روش‌های دیگر پرداخت
rail-start-again = 💳 انتخاب روش پرداخت
rail-check-credited = ✅ پرداخت دریافت شد، سپاسگزاریم!
rail-check-already = این پرداخت قبلاً دریافت شده است.
rail-check-pending = { $rail } هنوز پرداخت را تأیید نکرده است. اگر همین حالا پرداخت کرده‌اید، یک دقیقه صبر کنید و دوباره «پرداخت کردم» را بزنید.
rail-check-unknown = این پرداخت دیگر اینجا شناخته نمی‌شود. لطفاً از نو شروع کنید.
rail-check-closed = { $status ->
    [cancelled] ✖ پرداخت با { $rail } لغو شد.
   *[other] ⌛ مهلت پرداخت با { $rail } به پایان رسید.
} هیچ مبلغی کسر نشد. می‌توانید از نو شروع کنید.
rail-topup-choose = 💰 افزایش موجودی به مبلغ <b>{ $amount }</b>: چگونه می‌خواهید پرداخت کنید؟
rail-topup-telegram = 💳 پرداخت { $amount } در تلگرام
rail-email-ask = 📧 رسید این پرداخت طبق قانون به ایمیل فرستاده می‌شود. لطفاً نشانی ایمیل خود را بفرستید. برای پرداخت‌های بعدی نگه داشته می‌شود و می‌توانید آن را در کیف پول تغییر دهید.
rail-email-change = 📧 نشانی ایمیل برای رسیدهای پرداخت را بفرستید.
rail-email-invalid = این شبیه نشانی ایمیل نیست. لطفاً نشانی‌ای مانند name@example.com بفرستید.
rail-email-saved = ✅ از این پس رسیدها به { $email } فرستاده می‌شوند.
rail-email-missing = هنوز به ایمیل شما برای رسید نیاز داریم. لطفاً دوباره دکمهٔ پرداخت را بزنید.
rail-wallet-title =
    💰 <b>کیف پول شما</b>
    موجودی: <b>{ $balance }</b>

    موجودی را افزایش دهید: یک مبلغ انتخاب کنید یا مبلغ دلخواه را وارد کنید، سپس روش پرداخت را برگزینید. می‌توانید هزینه طرح‌ها و تمدیدها را از موجودی بپردازید.
rail-wallet-email = 📧 ایمیل برای رسیدها: { $email }
rail-wallet-no-email = 📧 ایمیل برای رسیدها: هنوز داده نشده (در نخستین پرداختی که به آن نیاز دارد پرسیده می‌شود).
rail-wallet-email-change = 📧 تغییر ایمیل
rail-wallet-email-add = 📧 افزودن ایمیل
admin-rails = 🏦 پرداخت‌ها
rails-title = 🏦 <b>پرداخت‌ها</b>
rails-none = هیچ سرویس پرداخت بیرونی پیکربندی نشده است.
rails-rail = <b>{ $name }</b> · { $takes }
rails-takes = { $currency } را می‌پذیرد
rails-takes-not = ⚠️ { $currency } را نمی‌پذیرد: به مشتریان ارائه نمی‌شود
rails-health-up = 🟢 پاسخ می‌دهد (بررسی در { $at })
rails-health-down = 🔴 پاسخ نمی‌دهد (بررسی در { $at }: { $why })
rails-health-unknown = ⚪ هنوز بررسی نشده
rails-today = امروز: { $count ->
    [one] { $count } پرداخت
   *[other] { $count } پرداخت
}، { $sum }
rails-choice-line = { $name }: { $value }
rails-choice-assets = دارایی‌های پذیرفته
rails-choice-receipts = رسید با ایمیل
rails-flag-on = { $rail }: { $name } ✅ روشن
rails-flag-off = { $rail }: { $name } ⛔ خاموش
rails-telegram = <b>تلگرام</b> · Stars و ارائه‌دهندهٔ پرداخت
rails-telegram-off = <b>تلگرام</b> · صورت‌حساب به ارز این فروشگاه ممکن نیست (توکن ارائه‌دهنده تنظیم نشده)
rails-telegram-name = تلگرام
rails-check-title = <b>پرداخت‌های نیازمند بررسی</b>: { $count }
rails-check-latest = (آخرین { $shown } مورد، جدیدترین در بالا)
rails-check-none = هیچ
rails-check-item = { $date } · { $rail } · از <code>{ ID($payer) }</code> · { $amount } · { $why ->
    [amount] ناهمخوان: مبلغ دیگر
    [unknown] ناهمخوان: هرگز درخواست نشده
    [currency] نگه‌داشته‌شده: ارز دیگر
   *[other] با هیچ سفارشی جور نیست
}
rails-last-value = دست‌کم یکی باید روشن بماند.
rails-stale = این دکمه قدیمی است؛ صفحه را در وضعیت کنونی می‌بینید.

## Issue 28: roles, audit log, staff group, tickets (core)
staff-not-permitted = ⛔ نقش شما در تیم اجازه این کار را نمی‌دهد.

## Issue 28: staff and audit screens
admin-staff = 👥 کارکنان
admin-audit = 📜 گزارش اقدامات
staff-role-owner = 👑 مالک
staff-role-admin = 🛠 مدیر
staff-role-support = 🎧 پشتیبانی
staff-role-viewer = 👁 ناظر
staff-none = هیچ
staff-title = 👥 <b>کارکنان</b>
staff-intro =
    مالکان شناسه‌های ADMIN_IDS هستند. آن‌ها بقیه را این‌جا اضافه می‌کنند و به هر کدام نقشی می‌دهند:
    🛠 مدیر: همه چیز جز کارکنان؛ 🎧 پشتیبانی: مشتریان و درخواست‌ها؛ 👁 ناظر: فقط مشتریان و گزارش اقدامات را می‌بیند.
staff-line = { $role } · { $name } · <code>{ $id }</code>
staff-add = ➕ افزودن کارمند
staff-back = ◀️ کارکنان
staff-back-card = ◀️ بازگشت
staff-card =
    👤 <b>{ $name }</b>
    شناسه: <code>{ $id }</code>
    نقش: { $role }
staff-card-not-staff = 👤 <b>{ $name }</b> (<code>{ $id }</code>) جزو کارکنان نیست. برای افزودن، نقشی به او بدهید.
staff-owner-unchangeable = مالکان در ADMIN_IDS در تنظیمات ربات تعیین می‌شوند و این‌جا تغییر نمی‌کنند: ADMIN_IDS را ویرایش کنید و ربات را دوباره راه‌اندازی کنید.
staff-remove = 🗑 حذف از کارکنان
staff-remove-confirm = <b>{ $name }</b> ({ $role }) از کارکنان حذف شود؟ منوی مدیریت بی‌درنگ برای او بسته می‌شود.
staff-remove-yes = ✅ بله، حذف شود
staff-removed = ✅ { $name } دیگر جزو کارکنان نیست.
staff-role-set = ✅ نقش { $name } اکنون { $role } است.
staff-role-same = نقش همین است: { $role }.
staff-confirm-used = این تأیید قبلاً استفاده شده یا منقضی شده است.
staff-add-ask =
    چه کسی به کارکنان بپیوندد؟ هر پیامی از آن شخص را فوروارد کنید، یا @username یا شناسهٔ عددی تلگرام او را بفرستید.
    ‏@username فقط وقتی کار می‌کند که او قبلاً به این ربات پیام داده باشد؛ برای دریافت پیام‌های ربات باید ربات را باز کند.
staff-add-hidden = این شخص حساب خود را در پیام‌های فورواردشده پنهان می‌کند. به جای آن @username یا شناسهٔ عددی او را بفرستید.
staff-add-not-person = این پیام از یک گفتگو یا کانال فوروارد شده، نه از یک شخص. پیامی را فوروارد کنید که خود آن شخص نوشته است.
staff-add-bot = ربات نمی‌تواند جزو کارکنان باشد.
staff-add-invalid = پیامی از آن شخص فوروارد کنید، یا یک @username یا شناسهٔ عددی بفرستید.
staff-add-unknown = ربات هنوز <b>{ $query }</b> را ندیده است. از او بخواهید اول ربات را باز کند (/start)، یا شناسهٔ عددی‌اش را بفرستید.
staff-add-owner = { $name } مالک است (ADMIN_IDS): مالکان این‌جا تغییر نمی‌کنند.
staff-add-choose = چه نقشی به <b>{ $name }</b> (<code>{ $id }</code>) داده شود؟ اکنون: { $role }.
staff-told-added = 👋 شما اکنون با نقش { $role } جزو کارکنان این فروشگاه هستید. برای باز کردن منوی خود /admin را بفرستید.
staff-told-changed = نقش کاری شما اکنون { $role } است. برای باز کردن منوی خود /admin را بفرستید.
staff-told-removed = شما دیگر جزو کارکنان این فروشگاه نیستید: منوی مدیریت برای شما بسته شد.
audit-outcome-done = ✅ انجام شد
audit-outcome-refused = ⛔ رد شد
audit-outcome-failed = ❌ ناموفق
audit-outcome-started = ⏳ آغاز شده
audit-outcome-unknown = ❔ نامعلوم
audit-line = { $outcome } · { $at } · { $who } ({ $role })
audit-title = 📜 <b>گزارش اقدامات</b>: { $filter }
audit-filter-all = همهٔ موارد
audit-filter-actor = از { $name }
audit-filter-subject = دربارهٔ <code>{ $subject }</code>
audit-count = { $total ->
    [one] { $total } مورد
   *[other] { $total } مورد
} · صفحهٔ { $page } از { $pages }
audit-empty = موردی نیست.
audit-page-prev = ‹ جدیدتر
audit-page-next = قدیمی‌تر ›
audit-by-staff = 👤 بر اساس کارمند
audit-by-customer = 🧑 بر اساس مشتری
audit-by-subject = 🏷 بر اساس موضوع
audit-show-all = ✖ همهٔ موارد
audit-export = 📤 خروجی CSV
audit-back = ◀️ گزارش اقدامات
audit-pick-staff = اقدامات چه کسی؟ یک کارمند را انتخاب کنید:
audit-ask-customer = شناسهٔ عددی تلگرام مشتری یا @username او را بفرستید.
audit-customer-invalid = یک شناسهٔ عددی تلگرام یا یک @username (حروف، ارقام و _) بفرستید.
audit-customer-unknown = هیچ مشتری‌ای با <b>{ $query }</b> پیدا نشد. شناسه یا @username دیگری بفرستید.
audit-ask-subject = موضوع را همان‌طور که گزارش می‌نویسد بفرستید، <code>نوع:شناسه</code>: مثلاً <code>server:7</code>، <code>customer:42</code>، <code>plan:de</code>، <code>staff:99</code>.
audit-subject-invalid = موضوع یک نوع و یک شناسه است با دونقطه میان آن‌ها، مثلاً <code>server:7</code>.
audit-filter-expired = این صفحه قدیمی است: این همهٔ موارد است.
audit-export-started = در حال آماده‌سازی CSV…
audit-export-caption = 📜 گزارش اقدامات: { $filter } (CSV)
audit-export-failed = خروجی کامل نشد. لطفاً بعداً دوباره تلاش کنید.
## Issue 28: customers and money: roles and audit
customers-btn-write = ✉️ نوشتن به مشتری
customers-ask-message = ✉️ پیام خود را برای <b>{ $name }</b> بنویسید. ربات آن را همان‌طور که نوشته‌اید، با عنوانی که نشان می‌دهد از طرف فروشگاه است، می‌فرستد.
customers-message-long = پیام خیلی طولانی است: حداکثر { $max } نویسه.
customers-confirm-message =
    ✉️ برای { $name } (<code>{ ID($id) }</code>)، همان‌طور که دریافت خواهد کرد:

    { $message }

    ارسال شود؟
customers-message-yes = 📨 ارسال
customers-message-sent = 📨 پیام در حال ارسال برای مشتری است.
customers-message-unavailable = از این فرایند نمی‌توان به مشتریان پیام فرستاد (صف ارسال وجود ندارد). چیزی ارسال نشد.
notice-staff-message =
    ✉️ <b>پیامی از فروشگاه</b>

    { $text }
customers-block-already = مشتری از قبل مسدود بود: چیزی تغییر نکرد.
customers-unblock-already = مشتری مسدود نبود: چیزی تغییر نکرد.
## Issue 28: support tickets
help-ticket-write = 🆘 نوشتن به پشتیبانی
ticket-ask = ✍️ پیام خود را برای پشتیبانی بنویسید: یک متن، یا یک عکس با توضیح. پاسخ همین‌جا، در همین گفتگو می‌آید.
ticket-ask-continue = ✍️ تیکت <b>{ $id }</b> شما باز است. آنچه می‌خواهید اضافه کنید بنویسید: یک متن، یا یک عکس با توضیح.
ticket-text-or-photo = لطفاً یک متن یا یک عکس (در صورت تمایل با توضیح) بفرستید.
ticket-too-long = خیلی طولانی است: حداکثر { $max } نویسه.
ticket-too-many = ⏳ تیکت <b>{ $id }</b> پیام‌های زیادی در انتظار پاسخ دارد. لطفاً منتظر پاسخ پشتیبانی بمانید.
ticket-opened = ✅ تیکت <b>{ $id }</b> باز شد: پیام شما به پشتیبانی رسید. پاسخ همین‌جا، در همین گفتگو می‌آید.
ticket-added = ✅ به تیکت <b>{ $id }</b> اضافه شد. پاسخ همین‌جا، در همین گفتگو می‌آید.
ticket-btn-close = ✅ بستن تیکت { $id }
ticket-btn-reply = ↩️ پاسخ
ticket-answer-header = 💬 پشتیبانی · تیکت { $id }
ticket-closed-by-staff = ✅ پشتیبانی تیکت { $id } را بست. اگر باز هم کمک لازم دارید، دوباره از /help بنویسید.
ticket-closed-by-you = ✅ تیکت { $id } بسته شد. سپاسگزاریم!
ticket-already-closed = تیکت { $id } از قبل بسته است.
ticket-gone = این تیکت دیگر وجود ندارد.
ticket-state-open = ⏳ در انتظار پشتیبانی
ticket-state-answered = 💬 پاسخ داده شده
ticket-state-closed = ✅ بسته
ticket-topic-name = 🎫 { $id } · { $name }
ticket-context-title = 🎫 <b>تیکت { $id }</b> · { $state }
ticket-context-subs = <b>اشتراک‌های فعال:</b>
ticket-context-subs-none = اشتراک فعالی ندارد.
ticket-context-orders = <b>آخرین سفارش‌ها:</b>
ticket-btn-card = 👤 کارت مشتری
ticket-btn-staff-close = ✅ بستن
ticket-btn-reopen = 🔄 بازگشایی
ticket-btn-open = 🎫 باز کردن تیکت
ticket-btn-thread = 🧵 باز کردن گفتگو
ticket-from-customer = 👤 { $name } · { $id }
ticket-new-private = 🎫 { $id } · { $name } نوشت:
ticket-staff-wrote = 💬 { $name } در ربات پاسخ داد:
ticket-closed-note = ✅ { $who } تیکت { $id } را بست؛ به مشتری اطلاع داده شد.
ticket-closed-note-customer = ✅ مشتری تیکت { $id } را بست.
ticket-reopened-note = 🔄 { $who } تیکت { $id } را دوباره باز کرد.
ticket-remind = ⏰ تیکت <b>{ $id }</b> ({ $name }) { $waited } است که منتظر پاسخ است.
ticket-staff-not-permitted = ⛔ نقش شما اجازهٔ پاسخ به تیکت‌ها را نمی‌دهد: این پیام به مشتری نرسید.
ticket-staff-only-text = فقط متن یا عکس به مشتری می‌رسد: این پیام نرسید.
ticket-staff-too-long = برای یک پاسخ خیلی طولانی است (حداکثر { $max } نویسه): به مشتری نرسید.
ticket-staff-closed = این تیکت بسته است: پیام به مشتری نرسید. ابتدا آن را دوباره باز کنید.
ticket-staff-full = این تیکت به حداکثر تعداد پیام رسیده است: پیام به مشتری نرسید.
ticket-card-sent = کارت مشتری در گفتگوی خصوصی شما با ربات است.
ticket-card-start-bot = ابتدا ربات را در گفتگوی خصوصی باز کنید (Start)، سپس دوباره بزنید.
ticket-thread-customer = 👤 مشتری
ticket-thread-staff = 💬 پشتیبانی
ticket-thread-photo = [عکس]
ticket-thread-line = { $who } · { $at }: { $text }
admin-tickets = 🎫 تیکت‌ها
tickets-title = 🎫 <b>تیکت‌ها</b> · در انتظار: { $waiting } · پاسخ داده شده: { $answered }
tickets-group-note = به تیکت‌ها در موضوع‌هایشان در گروه تیم پاسخ داده می‌شود؛ اینجا همان تیکت‌ها را می‌بینید.
tickets-none = تیکت بازی وجود ندارد.
tickets-thread = <b>گفتگو:</b>
tickets-thread-more = … پیام‌های قبلی نمایش داده نشده: { $count }
tickets-btn-answer = ✍️ پاسخ
tickets-back = « تیکت‌ها
tickets-ask-answer = ✍️ پاسخ تیکت <b>{ $id }</b> ({ $name }) را بنویسید. مشتری آن را از ربات دریافت می‌کند.
tickets-answered = ✅ پاسخ برای مشتری فرستاده شد.
tickets-closed-done = ✅ تیکت { $id } بسته شد؛ به مشتری اطلاع داده شد.
tickets-reopened = 🔄 تیکت { $id } دوباره باز شد.
tickets-reopen-busy = مشتری تیکت باز دیگری دارد ({ $other })؛ این یکی بسته می‌ماند.
webapp-tickets-title = پشتیبانی
webapp-tickets-hint = همین‌جا برای ما بنویسید: پاسخ اینجا و در گفتگوی شما با ربات می‌آید.
webapp-tickets-none = هنوز تیکتی ندارید.
webapp-ticket-placeholder = پیام شما
webapp-ticket-send = ارسال
webapp-ticket-close = بستن تیکت
webapp-ticket-close-confirm = این تیکت بسته شود؟ هر وقت بخواهید می‌توانید دوباره بنویسید.
webapp-ticket-sent = فرستاده شد: پیام شما به پشتیبانی رسید.
webapp-ticket-you = شما
webapp-ticket-support = پشتیبانی
webapp-ticket-photo = 📷 عکس
webapp-ticket-too-many = لطفاً ابتدا منتظر پاسخ پشتیبانی به پیام‌هایتان بمانید.
webapp-ticket-too-long = خیلی طولانی است.
## Issue 28: staff group and daily report
staff-group-section = 🏢 گروه تیم
staff-topic-alerts = 🚨 هشدارها
staff-topic-payments = 💳 پرداخت‌ها
staff-topic-orders = 📦 سفارش‌ها
staff-topic-reconciliation = 🔎 تطبیق
staff-topic-report = 📊 گزارش روزانه
staff-topic-tickets = 🎫 درخواست‌های پشتیبانی
staff-group-routing-private = فقط چت‌های خصوصی
staff-group-routing-group = فقط گروه
staff-group-routing-both = گروه و چت‌های خصوصی
staff-group-title = 🏢 <b>گروه تیم</b>
staff-group-none = تنظیم نشده است: اعلان‌های تیم به چت خصوصی هر نفر با ربات می‌رود.
staff-group-steps = برای فرستادن آن‌ها به گروه تیم، یک موضوع برای هر نوع اعلان:
    1. یک گروه تلگرام بسازید و در تنظیمات آن <b>موضوع‌ها</b> را روشن کنید (گروه به انجمن تبدیل می‌شود).
    2. این ربات را با دسترسی <b>مدیریت موضوع‌ها</b> به‌عنوان مدیر به گروه اضافه کنید.
    3. <b>تنظیم</b> را بزنید و گروه را انتخاب کنید (یا شناسه‌اش را بفرستید که با -100 شروع می‌شود).
    ربات خودش موضوع‌ها را می‌سازد: هشدارها، پرداخت‌ها، سفارش‌ها، تطبیق، گزارش روزانه و درخواست‌ها.
staff-group-setup = 🔗 تنظیم
staff-group-chat = گروه: <b>{ $title }</b> ({ $id })
staff-group-topics = موضوع‌ها: { $topics }
staff-group-routing = اعلان‌ها می‌روند به: { $routing }
staff-group-report-off = گزارش روزانه: خاموش
staff-group-report-at = گزارش روزانه: ساعت { $hour } ({ $zone })
staff-group-routing-help = نسخهٔ خصوصی به کسانی می‌رسد که نقششان اجازهٔ دیدن آن نوع را می‌دهد: مالکان و مدیران همه را، پشتیبانی سفارش‌های ناموفق را. پرداخت‌های تازه فقط به گروه می‌روند.
staff-group-off = خاموش
staff-group-hours = 🕘 زمان گزارش: { $hour }
staff-group-report-now = 📊 فرستادن گزارش همین حالا
staff-group-remake = 🔁 ساختن دوبارهٔ موضوع‌ها
staff-group-change = 🔗 گروهی دیگر
staff-group-stop = 🛑 کنار گذاشتن گروه
staff-group-back = « گروه تیم
staff-group-hours-ask = 🕘 گزارش روزانه چه ساعتی فرستاده شود؟ ساعت به وقت { $zone } است؛ گزارش آخرین روز کامل (UTC) را در بر می‌گیرد.
staff-group-stop-ask = 🛑 دیگر از گروه تیم استفاده نشود؟ اعلان‌ها دوباره به چت‌های خصوصی می‌روند؛ موضوع‌ها در گروه می‌مانند.
staff-group-stop-yes = بله، کنار بگذار
staff-group-remake-ask = 🔁 همهٔ موضوع‌ها در همان گروه دوباره ساخته شوند؟ وقتی موضوع‌ها پاک یا تغییر نام داده شده‌اند به کار می‌آید؛ موضوع‌های قدیمی تا وقتی پاکشان نکنید می‌مانند.
staff-group-remake-yes = بله، موضوع‌های تازه بساز
staff-group-remake-used = این تأیید قبلاً استفاده شده است.
staff-group-routing-set = ✅ مقصد اعلان‌ها ذخیره شد.
staff-group-report-set = ✅ گزارش روزانه ساعت { $hour } فرستاده می‌شود.
staff-group-report-set-off = ✅ گزارش روزانه خاموش شد.
staff-group-report-queued = 📊 گزارش در راه است.
staff-group-report-unavailable = ⚠️ اکنون نمی‌توان گزارش را از اینجا فرستاد: صف پردازشگر وصل نیست.
staff-group-stopped = ✅ دیگر از گروه تیم استفاده نمی‌شود: اعلان‌ها به چت‌های خصوصی می‌روند.
staff-group-ask = 🏢 کدام گروه؟ دکمهٔ <b>انتخاب گروه</b> را در پایین بزنید، یا شناسهٔ گروه را بفرستید (با -100 شروع می‌شود)، یا پیامی را که در آن به نام گروه فرستاده شده بازارسال کنید. ربات باید از پیش با دسترسی <b>مدیریت موضوع‌ها</b> مدیر گروه باشد.
staff-group-pick = 🏢 انتخاب گروه
staff-group-cancel = ✖️ لغو
staff-group-cancelled = لغو شد.
staff-group-left = تنظیم گروه تیم نیمه‌کاره ماند.
staff-group-ask-invalid = این یک گروه نیست. با دکمه انتخابش کنید، شناسه‌اش را بفرستید (-100…) یا پیامی را که در آن به نام گروه فرستاده شده بازارسال کنید.
staff-group-ask-person = این شناسهٔ یک شخص است. شناسهٔ گروه با -100 شروع می‌شود.
staff-group-checking = ⏳ در حال بررسی گروه و ساختن موضوع‌ها…
staff-group-not-found = ⚠️ تلگرام این گروه را به ربات نشان نمی‌دهد. اول ربات را به گروه اضافه کنید، سپس دوباره تلاش کنید.
staff-group-not-forum = ⚠️ این چت گروهی با موضوع نیست. موضوع‌ها را در تنظیمات گروه روشن کنید و دوباره تلاش کنید.
staff-group-not-admin = ⚠️ ربات مدیر این گروه نیست. آن را با دسترسی «مدیریت موضوع‌ها» مدیر کنید و دوباره تلاش کنید.
staff-group-no-topics-right = ⚠️ ربات مدیر گروه است اما اجازهٔ مدیریت موضوع‌ها را ندارد. دسترسی «مدیریت موضوع‌ها» را به آن بدهید و دوباره تلاش کنید.
staff-group-unavailable = ⚠️ تلگرام پاسخ نداد. یک دقیقهٔ دیگر تلاش کنید.
staff-group-topics-failed = ⚠️ موضوع‌ها ساخته نشدند. بررسی کنید که ربات اجازهٔ مدیریت موضوع‌ها را دارد و دوباره تلاش کنید.
staff-group-saved = ✅ <b>{ $title }</b> اکنون گروه تیم است؛ موضوع‌هایش ساخته شد.
staff-payment-line = 💳 { $amount } از { $customer } از راه { $via }: { $what }
staff-payment-telegram = تلگرام
staff-payment-order = سفارش { $order } پرداخت شد
staff-payment-topup = شارژ کیف پول
staff-payment-unmatched = به کیف پول (به چیز شناخته‌شده‌ای اشاره نداشت)
staff-payment-mismatch = به کیف پول (با مبلغ خواسته‌شده نمی‌خواند)
staff-payment-held = نگه داشته شد (ارز دیگر)
staff-report-title = 📊 <b>گزارش روزانه</b>: { $date } (روز UTC)
staff-report-none = هیچ
staff-report-revenue = 💰 درآمد: { $amount }
staff-report-payments = 💳 پرداخت‌ها: { $list }
staff-report-payment-way = { $way } { $count } · { $sum }
staff-report-new-customers = 👤 مشتریان تازه: { $count }
staff-report-orders = 📦 تحویل‌شده: خرید تازه { $purchases } · تمدید { $renewals } · آزمایشی { $trials } · بستهٔ ترافیک { $packs }
staff-report-refunds = ↩️ بازپرداخت‌ها: { $list }
staff-report-refund-sum = { $count } · { $sum }
staff-report-converted = 🎯 آزمایشی‌هایی که به پرداخت رسیدند: { $count }
staff-report-expiring = ⏳ اشتراک‌هایی که در ۷ روز آینده تمام می‌شوند: { $count }
staff-report-hosting = 🏦 موجودی هاستینگ: { $balance } · سرورهای فعال: { $servers }
staff-report-runway-days = 🛫 پشتوانه: { $days } روز (تا { $date }، وقتی سرور #{ ID($id) } دیگر تمدید نمی‌شود)
staff-report-runway-beyond = 🛫 پشتوانه: بیش از { $days } روز
staff-report-runway-none = 🛫 پشتوانه: سرور فعالی نیست
staff-report-runway-unpriced = 🛫 پشتوانه: نامعلوم؛ هنوز بهای تمدید { $count } سرور معلوم نیست (هزینهٔ موردانتظار را در تنظیمات وارد کنید)
staff-report-hosting-unavailable = 🏦 حساب هاستینگ: { $reason }

## Issue 31: the runway page of the Mini App (staff only; src/webapp/runway.ts, webapp/runway.js)

runway-open-page = 📊 نمودارهای ذخیره
webapp-runway-title = ذخیره
webapp-runway-refused = این صفحه برای کارکنان فروشگاه است که سرورها را می‌بینند.
webapp-runway-balance = موجودی هاستینگ
webapp-runway-balance-chart = موجودی در حین پرداخت تمدید سرورها
webapp-runway-no-course = چیزی برای رسم نیست: سرور فعالی نیست یا قیمت تمدید معلوم نیست.
webapp-runway-fixes = راه حل
webapp-runway-locations = مکان‌ها
webapp-runway-servers = سرورها
webapp-runway-no-servers = سروری نیست.
webapp-runway-back = همه سرورها
webapp-runway-untracked = برای این سرور بسته ترافیک تعیین نشده است: برای دیدن نمودارها آن را در کارت سرور در چت تعیین کنید.
webapp-runway-no-usage = هنوز مصرفی در این دوره ثبت نشده است.
webapp-runway-daily = مصرف هر روز در برابر بودجه روزانه
webapp-runway-cumulative = مصرف این دوره در برابر بسته
webapp-runway-limit = بسته
webapp-runway-average = با میانگین ۷ روزه
webapp-runway-trend = با روند
webapp-runway-term-end = پایان دوره
webapp-runway-runs-out = تمام می‌شود
webapp-runway-lasts = تا پایان دوره کافی است
webapp-runway-today = امروز
webapp-runway-budget = بودجه روزانه: { $budget }
webapp-runway-step = { $date }: پس از تمدید { $server } { $amount } می‌ماند
webapp-runway-step-short = { $date }: { $amount } برای تمدید { $server } کافی نیست

## Family seats
invoice-seats-title = جایگاه‌های خانوادگی
delivery-delayed-seats = ⏳ افزودن جایگاه‌های خانوادگی جدید بیشتر از معمول طول می‌کشد: سرویس میزبانی هنوز پاسخ نمی‌دهد. پرداخت شما امن است: جایگاه‌ها خودبه‌خود افزوده می‌شوند و پیامی همین‌جا می‌گیرید، یا پول به کیف پول شما برمی‌گردد.
alert-seats-failed = ⚠️ سفارش جایگاه { $order } برای اشتراک { $subscription } انجام نشد: { $what }. مشتری { ID($customer) }، طرح { $plan }؛ { $amount } به کیف پول برگشت، خانواده همان‌طور که بود ماند. جزئیات در لاگ است.
customers-order-kind-seat = جایگاه خانوادگی
customers-order-kind-seats = افزودن جایگاه
buy-confirm-seats =
    👪 <b>جایگاه‌های خانوادگی</b>
    طرح: <b>{ $plan }</b>
    جایگاه‌های افزوده: <b>{ $seats }</b>
    قیمت تا پایان دوره: <b>{ $price }</b>
    موجودی کیف پول: { $balance }
seats-buy-button = 👪 { $seats } جایگاه · { $price }
seat-claim-ok = 👪 شما یک جایگاه در خانوادهٔ { $owner } گرفتید. دسترسی VPN خود شما در حال آماده‌سازی است: لینک و کد QR آن تا لحظاتی دیگر همین‌جا می‌رسد.
seat-claim-yours = 👪 این جایگاه از قبل مال شماست: دسترسی شما در /my است.
seat-claim-own = 👪 این دعوت‌نامهٔ خانوادهٔ خود شماست: آن را برای کسی بفرستید که می‌خواهید با او شریک شوید.
seat-claim-taken = 😔 کس دیگری زودتر این جایگاه را گرفت. از صاحب خانواده دعوت‌نامهٔ دیگری بخواهید.
seat-claim-unknown = 😔 این دعوت‌نامه دیگر چیزی را باز نمی‌کند: استفاده شده یا صاحب آن را عوض کرده است.
seat-claimed-owner = 👪 { $name } یک جایگاه در خانوادهٔ شما گرفت. جایگاه‌ها را در /my ببینید.
seats-button = 👪 جایگاه‌های خانوادگی ({ $taken }/{ $count })
seats-member-line = 👪 جایگاه خانوادگی { $owner }: صاحب خانواده آن را تمدید می‌کند
seats-title = 👪 <b>جایگاه‌های خانوادگی</b> · { $plan } · { $count } جایگاه
seats-owner-line = ۱ · شما (صاحب خانواده)
seats-free-line = { $n } · آزاد · دعوت: { $link }
seats-taken-line = { $n } · { $name } · { $used } مصرف شده
seats-free-button = ✖ آزاد کردن جایگاه { $n }
seats-add-rule = یک جایگاه بیشتر برای { $days } روز باقی‌ماندهٔ دوره { $price } هزینه دارد (تا { $max } جایگاه).
seats-add-button = ➕ افزودن جایگاه · { $price }
seats-free-ask = جایگاه { $n } آزاد شود؟ عضو آن فوراً دسترسی VPN خود را از دست می‌دهد و جایگاه لینک دعوت تازه‌ای می‌گیرد.
seats-free-yes = ✖ بله، جایگاه { $n } آزاد شود
seats-free-no = « بازگشت به جایگاه‌ها
seats-free-unknown = این جایگاه دیگر وجود ندارد.
seats-free-free = این جایگاه از قبل آزاد است.
seats-free-busy = دسترسی این جایگاه هنوز در حال آماده‌سازی است: یک دقیقهٔ دیگر دوباره امتحان کنید.
seats-free-failed = سرویس میزبانی پاسخ نمی‌دهد: جایگاه همان‌طور ماند. یک دقیقهٔ دیگر دوباره امتحان کنید.
seats-freed = جایگاه { $n } دوباره آزاد است، با لینک دعوت تازه.
seats-freed-member = 👪 { $owner } جایگاه شما در خانواده‌اش را آزاد کرد: آن دسترسی VPN پایان یافت.
seats-family-ended = 👪 فروشگاه اشتراک خانوادگی‌ای که در آن جایگاه داشتید را حذف کرد: دسترسی VPN شما در آن پایان یافت.
seats-add-refused-unknown-subscription = این اشتراک جایگاه خانوادگی ندارد.
seats-add-refused-too-many = خانواده بیشترین تعداد جایگاهی را دارد که طرحش اجازه می‌دهد.
seats-add-refused-term-over = دوره تمام شده است: اول آن را تمدید کنید.
seats-add-refused-blocked = حساب شما مسدود است.
webapp-seats-title = 👪 جایگاه‌های خانوادگی ({ $count })
webapp-seat-free = آزاد: لینک دعوتش را بفرستید
webapp-seat-taken = { $name } · { $used } مصرف شده
webapp-seats-add = ➕ افزودن جایگاه · { $price } برای { $days } روز
webapp-seats-free-button = آزاد کردن
webapp-seats-free-confirm = این جایگاه آزاد شود؟ عضو آن فوراً دسترسی VPN خود را از دست می‌دهد و جایگاه لینک دعوت تازه‌ای می‌گیرد.
webapp-seats-share = اشتراک‌گذاری
webapp-seats-share-text = یک جایگاه در خانوادهٔ VPN من مال شماست: لینک را باز کنید تا آن را بگیرید.
webapp-seats-summary = +{ $seats } جایگاه خانوادگی تا پایان دورهٔ کنونی
seat-failed = 😔 نتوانستیم جایگاه شما را در طرح خانوادگی «{ $plan }» آماده کنیم. از صاحب آن لینک دعوت تازه بخواهید؛ به مدیران خبر داده شد.
## Plan switch with credit (issue 30)
invoice-switch-title = تغییر طرح VPN
delivery-delayed-switch = ⏳ تغییر طرح شما بیش از معمول طول می‌کشد: سمت هاستینگ هنوز پاسخ نمی‌دهد. پرداخت شما امن است: تغییر خودبه‌خود انجام می‌شود و همین‌جا پیام می‌گیرید، یا پول به کیف پولتان برمی‌گردد.
delivery-switched = 🔀 <b>طرح به { $plan } تغییر کرد</b>
switch-failed = 😔 نتوانستیم طرح اشتراک شما را به «{ $plan }» تغییر دهیم. { $amount } به کیف پولتان برگشت؛ اشتراک شما همان‌طور که بود ماند. به مدیران اطلاع داده شد.
switch-failed-back = 😔 نتوانستیم طرح اشتراک شما را به «{ $plan }» تغییر دهیم. { $back }. اشتراک شما همان‌طور که بود ماند؛ به مدیران اطلاع داده شد.
alert-switch-failed = ⚠️ تغییر طرح { $order } برای اشتراک { $subscription } ناموفق بود: { $what }. مشتری { ID($customer) }، طرح { $plan }؛ { $amount } به کیف پول برگشت، اشتراک همان‌طور که بود ماند. جزئیات در لاگ است.
wallet-kind-switch = تغییر طرح
wallet-kind-switch-credit = اعتبار تغییر طرح
wallet-kind-fair-refund = بازپرداخت روزهای استفاده‌نشده
customers-kind-switch = تغییر طرح
customers-kind-switch-credit = اعتبار تغییر طرح
customers-kind-fair-refund = بازپرداخت روزهای استفاده‌نشده
customers-order-kind-switch = تغییر طرح
my-switch = 🔀 تغییر طرح
switch-choose =
    🔀 <b>تغییر «{ $plan }» به طرحی دیگر</b>
    باقی‌ماندهٔ دورهٔ فعلی شما از قیمت طرح جدید کم می‌شود. طرحی را انتخاب کنید تا پیش از پرداخت محاسبه را ببینید.
switch-none = اکنون طرح دیگری نیست که این اشتراک بتواند به آن تغییر کند.
switch-plan-button = { $plan } · { $price }
switch-quote-days = باقی‌ماندهٔ دوره: { $days } روز × { $perDay } در روز = <b>{ $credit }</b>
switch-quote-traffic = باقی‌ماندهٔ دوره: { $gb } گیگابایت از { $total } گیگابایت (کمتر از { $days } روز باقی‌مانده) = <b>{ $credit }</b>
switch-quote-ahead = شامل { $days } روز پیش‌پرداخت‌شده (تمدیدهایی که هنوز اعمال می‌شوند).
switch-quote-sum =
    طرح جدید «{ $plan }»: { $price }
    اعتبار: −{ $credit }
    <b>قابل پرداخت: { $toPay }</b>
switch-quote-surplus = اعتبار { $surplus } بیشتر از قیمت طرح جدید است: این مبلغ پس از انجام تغییر به کیف پولتان می‌رود.
switch-quote-rule = طرح جدید پس از انجام تغییر، برای همهٔ { $days } روزش شروع می‌شود؛ دورهٔ فعلی در همان زمان تمام می‌شود.
buy-confirm-switch =
    🔀 <b>تغییر طرح</b>
    طرح جدید: <b>{ $plan }</b>
    موجودی کیف پول: { $balance }
switch-confirm-covered = اعتبار کل قیمت را می‌پوشاند: چیزی از موجودی شما کم نمی‌شود.
switch-get = 🔀 اکنون تغییر بده
buy-paid-switch = ✅ { $price } از موجودی پرداخت شد (موجودی اکنون { $balance }). در حال تغییر طرح، چند ثانیه طول می‌کشد…
switch-cancelled = تغییر طرح لغو شد. چیزی کم نشد؛ اشتراک شما همان‌طور که بود ماند.
switch-not-offered = این اشتراک (دیگر) نمی‌تواند به آن طرح تغییر کند. اشتراک را دوباره باز کنید تا گزینه‌ها را ببینید.
switch-refused-removed = این اشتراک را مدیران فروشگاه حذف کرده‌اند، پس طرح آن تغییر نمی‌کند.
switch-refused-frozen = این اشتراک فریز شده است، پس فعلاً طرح آن تغییر نمی‌کند و هیچ مبلغی کسر نشد. ابتدا آن را در /my از فریز خارج کنید.
switch-refused-disabled = این اشتراک را مدیران فروشگاه مسدود کرده‌اند، پس اکنون طرح آن تغییر نمی‌کند و چیزی کم نشد. لطفاً با پشتیبانی تماس بگیرید.
switch-usage-unknown = اکنون ترافیک مصرف‌شدهٔ این اشتراک خوانده نمی‌شود، پس اعتبار آن محاسبه نمی‌شود. لطفاً چند دقیقهٔ دیگر دوباره امتحان کنید.
switch-promo-not-applicable = کدهای تخفیف برای طرح‌ها و تمدیدها است، نه برای تغییر طرح: قیمت این سفارش تغییر نمی‌کند.
webapp-switch-not-offered = این اشتراک دیگر نمی‌تواند به آن طرح تغییر کند.
fair-refund-button = 💸 بازپرداخت بخش استفاده‌نشده
fair-refund-title = 💸 <b>بازپرداخت بخش استفاده‌نشدهٔ «{ $plan }»</b>
fair-refund-days = باقی‌ماندهٔ دوره: { $days } روز × { $perDay } در روز = <b>{ $credit }</b>
fair-refund-traffic = باقی‌ماندهٔ دوره: { $gb } گیگابایت از { $total } گیگابایت (کمتر از { $days } روز باقی‌مانده) = <b>{ $credit }</b>
fair-refund-ahead = شامل { $days } روز پیش‌پرداخت‌شده (تمدیدهایی که هنوز اعمال می‌شوند).
fair-refund-amount = بازپرداخت: <b>{ $amount }</b>
fair-refund-to-stars = به صورت Stars برمی‌گردد: دوره با یک پرداخت Stars پرداخت شده و کامل بازپرداخت می‌شود.
fair-refund-why-not-stars = به موجودی مشتری می‌رود: دوره با یک پرداخت Telegram Stars پرداخت نشده است.
fair-refund-why-partial = به موجودی مشتری می‌رود: تلگرام فقط پرداخت‌های کامل را بازمی‌گرداند و بخشی از این دوره استفاده شده است.
fair-refund-why-shared = به موجودی مشتری می‌رود: تلگرام فقط پرداخت‌های کامل را بازمی‌گرداند و بخشی از این دوره از موجودی پرداخت شده است.
fair-refund-ends = اشتراک بی‌درنگ پایان می‌یابد: دورهٔ آن روی «اکنون» تنظیم می‌شود.
fair-refund-confirm = ✅ بازپرداخت { $amount } و پایان
fair-refund-done = ✅ { $amount } به موجودی مشتری بازپرداخت شد؛ اشتراک پایان یافت.
fair-refund-done-stars = ✅ { $amount } به صورت Stars بازپرداخت شد؛ اشتراک پایان یافت.
fair-refund-stars-failed = ⚠️ { $amount } به موجودی مشتری رفت، اما Stars بازگردانده نشد ({ $status })؛ اشتراک پایان یافت.
fair-refund-already = این دوره قبلاً بازپرداخت شده است: چیز بیشتری پرداخت نشد.
fair-refund-nothing = از این دوره چیزی برای بازپرداخت نمانده است.
fair-refund-refused = اکنون این اشتراک بازپرداخت نمی‌شود (ترافیک آن خوانده نمی‌شود یا تغییری از آن هنوز در حال اعمال است). بعداً دوباره امتحان کنید.
webapp-switch-title = تغییر طرح (باقی‌ماندهٔ این دوره حساب می‌شود)
webapp-confirm-switch = تغییر طرح
webapp-switch-done = ✅ انجام شد: اشتراک روی طرح تازه است و لینک‌های شما همان می‌مانند.
webapp-seats-added = ✅ انجام شد: جایگاه‌ها اضافه شدند؛ لینک‌های دعوتشان را بفرستید.
## Freeze and traffic rollover (issue 30)
my-renew-frozen = این اشتراک فریز شده است، پس فعلاً قابل تمدید نیست و هیچ مبلغی کسر نشد. ابتدا آن را در /my از فریز خارج کنید.
pack-refused-frozen = این اشتراک فریز شده است، پس فعلاً نمی‌توان ترافیک اضافه کرد و هیچ مبلغی کسر نشد. ابتدا آن را در /my از فریز خارج کنید.
freeze-button = ❄️ فریز
unfreeze-button = ▶️ خروج از فریز
freeze-pick = ❄️ وقتی در دسترس نیستید اشتراک را فریز کنید. در مدت فریز اتصال خاموش است؛ روزهای باقی‌مانده نگه داشته می‌شوند و در پایان فریز برمی‌گردند.
    مدت را انتخاب کنید ({ $min } تا { $max } روز). فریزهای باقی‌مانده برای ۳۶۵ روز آینده: { $left } از { $times }.
freeze-days-button = { $days } روز
freeze-confirm = ❄️ فریز برای { $days } روز؟
    فریز تا: { $until }
    روزهای نگه‌داشته: { $bank }
    تاریخ پایان جدید: { $end }
freeze-confirm-button = ✅ فریز
freeze-done = ❄️ تا { $until } فریز شد. { $bank } روز نگه داشته شد؛ اشتراک اکنون در { $end } پایان می‌یابد. می‌توانید زودتر در /my از فریز خارج کنید.
freeze-queued = ❄️ فریز شما پشت یک تغییر در حال انجام این اشتراک در صف است؛ به‌زودی شروع می‌شود.
freeze-already = ❄️ این اشتراک از قبل فریز شده است (یا فریز آن در راه است).
freeze-failed = فریز انجام نشد و چیزی تغییر نکرد. لطفاً بعداً دوباره تلاش کنید.
freeze-refused-limit = این اشتراک در ۳۶۵ روز گذشته { $limit } بار فریز شده است.
freeze-refused-nothing-left = کمتر از یک روز از این اشتراک باقی مانده است: چیزی برای فریز نیست.
freeze-refused-days = فریز از { $min } تا { $max } روز طول می‌کشد.
freeze-refused-other = این اشتراک قابل فریز نیست.
freeze-state = ❄️ فریز تا { $until } · { $bank } روز نگه‌داشته · پایان { $end }
freeze-state-asked = ❄️ فریز { $days } روزه در حال شروع است.
unfreeze-done = ▶️ از فریز خارج شد: اتصال دوباره روشن است و اشتراک در { $end } پایان می‌یابد.
unfreeze-too-soon = فریز را پس از روز اول آن می‌توان پایان داد.
unfreeze-not-frozen = این اشتراک فریز نشده است.
unfreeze-retrying = ▶️ سرور کند پاسخ می‌دهد: اشتراک شما تا چند دقیقه دیگر از فریز خارج می‌شود.
unfreeze-busy = ▶️ اشتراک شما همین حالا در حال خروج از توقف است: لحظه‌ای دیگر دوباره بازش کنید.
order-applies-after-freeze = ❄️ این اشتراک متوقف است: آنچه پرداخت کردید وقتی توقف پایان یابد ({ $date }) اعمال می‌شود، یا زودتر اگر خودتان آن را از توقف خارج کنید.
rollover-carried = +{ $gb } گیگابایت منتقل شد
my-status-frozen = ❄️ فریز شده

## Issue 31: runway (how long the servers' traffic packages, terms and the hosting balance last)
runway-section = 📉 ذخیره
runway-title = 📉 <b>ذخیره</b> · { $at }
    هشدارها و راه‌حل‌ها { $window } روز جلوتر را می‌بینند.
runway-balance = موجودی هاستینگ: { $balance }، { $runway }
runway-balance-days = { $days } روز کافی است (تا { $date })
runway-balance-beyond = بیش از { $days } روز کافی است
runway-balance-unpriced = نمی‌توان گفت: { $servers } سرور بدون قیمت تمدید معلوم (در تنظیمات تعیین کنید)
runway-balance-no-servers = سرور فعالی نیست
runway-locations = <b>مکان‌ها</b>
runway-location-line = { $emoji } { $name } ({ $servers } سرور): { $when }
runway-servers = <b>سرورها</b>
runway-server-line = { $emoji } <b>{ $name }</b> · { $location }: { $when }
runway-no-location = بدون مکان
runway-empty = سروری نیست.
runway-more = …و { $count } مورد دیگر
runway-never = پایانی دیده نمی‌شود
runway-days = { $days } روز
runway-fix-top-up = ➜ موجودی هاستینگ را { $amount } شارژ کنید
runway-fix-extend = ➜ سرور { $name } را تمدید کنید
runway-fix-move = ➜ { $customers } مشتری را از { $name } منتقل کنید
runway-card-title = <b>ذخیره</b>
runway-traffic-untracked = بسته ترافیک: تعیین نشده (پیگیری نمی‌شود)
runway-traffic = ترافیک: { $used } از { $limit } در این دوره مصرف شده
runway-at-average = با میانگین ۷ روز ({ $rate } در روز): { $when }
runway-at-trend = با روند ({ $rate } در روز): { $when }
runway-chart = ۱۴ روز اخیر در برابر بودجه روزانه ({ $budget } در روز = { $mark }):
runway-term = دوره: { $days } روز مانده
runway-term-covered = دوره: { $days } روز مانده؛ تمدید خودکار روشن است و موجودی کافی است
runway-term-auto-short = دوره: { $days } روز مانده؛ تمدید خودکار روشن است اما موجودی کافی نیست
runway-set-package = 📦 بسته ترافیک
runway-ask-package = بسته ترافیک این سرور را به گیگابایت بفرستید (با هر دوره پرداخت‌شده تازه می‌شود)، یا 0 برای توقف پیگیری.
runway-package-invalid = عددی از 0 تا { $max } گیگابایت بفرستید.
runway-package-set = 📦 بسته ترافیک تعیین شد: { $gb } گیگابایت.
runway-package-cleared = 📦 بسته ترافیک برداشته شد: ترافیک سرور پیگیری نمی‌شود.
runway-alert-traffic = 📉 سرور <b>{ $name }</b> (#{ ID($id) }): بسته ترافیک آن تا { $days } روز دیگر تمام می‌شود ({ $used } از { $limit } در این دوره مصرف شده).
runway-alert-term = 📉 سرور <b>{ $name }</b> (#{ ID($id) }): دوره پرداخت‌شده آن تا { $days } روز دیگر تمام می‌شود و با وضع کنونی تمدید نخواهد شد (تمدید خودکار خاموش است یا موجودی کافی نیست).
runway-alert-balance = 📉 موجودی هاستینگ ({ $balance }) فقط { $days } روز دیگر تمدید سرورها را می‌پردازد.
runway-alert-fixes = راه‌حل:
runway-alert-sale-short = 📉 فروش طرح { $plan } به سرور <b>{ $name }</b> (#{ ID($id) }) رفت: هیچ سرور این طرح برای { $days } روز آن ترافیک ندارد؛ ذخیره این یکی از همه بیشتر است.
runway-settings-line = هشدارهای ذخیره: { $days } روز پیش از پایان
runway-settings-edit = 📉 هشدارهای ذخیره
runway-settings-ask = روزهای پیش از پایان ذخیره را که کارکنان هشدار می‌گیرند با ویرگول بفرستید (حداکثر { $count } عدد، هر کدام از 1 تا { $max })، مثلاً 14,7,3,1؛ یا - برای پیش‌فرض.
runway-settings-invalid = حداکثر { $count } عدد صحیح از 1 تا { $max } با ویرگول بفرستید، مثلاً 14,7,3,1.
## Bulk move (issue 31): customers moved off a server or a panel location in one action
move-btn-start = 🚚 انتقال مشتریان
move-btn-start-panel = 🚚 انتقال مشتریان از یک موقعیت
move-end-server = سرور { $name }
move-end-location = موقعیت { $name }
move-sources-title = 🚚 <b>انتقال گروهی</b>: از کدام موقعیت پنل؟
move-targets-title = 🚚 <b>انتقال گروهی</b> از { $from }: به کجا؟
move-targets-empty = 🚚 سرور یا موقعیت فعال دیگری برای انتقال مشتریان { $from } وجود ندارد.
move-who = 🚚 <b>انتقال گروهی</b>: { $from } ← { $to }
    مشتریان آنجا: { $count }. همه منتقل شوند یا انتخاب می‌کنید؟
move-none = 🚚 هیچ مشتری فروشگاه روی { $from } نیست.
move-btn-all = 👥 همه ({ $count })
move-btn-choose = ☑️ انتخاب مشتریان
move-pick-title = 🚚 انتخاب کنید چه کسانی از { $from } به { $to } منتقل شوند (صفحه { $page } از { $pages }). انتخاب‌شده: { $picked }.
move-btn-preview-picked = 👀 پیش‌نمایش ({ $count } انتخاب‌شده)
move-btn-back = ⬅️ بازگشت
move-preview-title = 🚚 <b>انتقال گروهی</b>: { $from } ← { $to }
move-preview-moving = منتقل می‌شوند: { $count }
move-preview-names = از جمله: { $names }
move-preview-nothing = کسی منتقل نمی‌شود.
move-preview-skipped = سر جای خود می‌مانند ({ $count }):
move-preview-skip-line = • { $why }: { $count }
move-preview-clients = کلاینت‌های مقصد: { $now } ← { $after }
move-preview-clients-unknown = کلاینت‌های مقصد: اکنون معلوم نیست
move-preview-runway = ذخیرهٔ مقصد پس از انتقال: { $days } روز (زیر { $floor } انتقال متوقف می‌شود)
move-preview-runway-unknown = ذخیرهٔ مقصد: نامعلوم (انتقال برای آن متوقف نمی‌شود)
move-preview-runway-low = ⚠️ این زیر آستانه است: انتقال بی‌درنگ متوقف می‌شود و ادامه را از شما می‌خواهد.
move-btn-confirm = ✅ انتقال { $count }
move-progress-running = 🚚 <b>در حال انتقال مشتریان</b> از { $from } به { $to }: { $done } از { $total }
    ✅ منتقل‌شده: { $moved } · ⏭ ردشده: { $skipped } · ⚠️ ناموفق: { $failed }
move-progress-paused = ⏸ <b>انتقال متوقف شد</b> ({ $from } ← { $to }): { $done } از { $total }
    ✅ منتقل‌شده: { $moved } · ⏭ ردشده: { $skipped } · ⚠️ ناموفق: { $failed }
move-progress-paused-runway = ⏸ <b>انتقال متوقف شد</b> ({ $from } ← { $to }): ذخیرهٔ مقصد به { $days } روز می‌رسد، زیر { $floor }. برای ادامه با این حال، «ادامه» را بزنید.
    { $done } از { $total } · ✅ منتقل‌شده: { $moved } · ⏭ ردشده: { $skipped } · ⚠️ ناموفق: { $failed }
move-progress-cancelling = ✖️ <b>در حال لغو انتقال</b> ({ $from } ← { $to }): مشتریانِ در جریان ابتدا تمام می‌شوند. { $done } از { $total }
move-progress-cancelled = ✖️ <b>انتقال لغو شد</b> ({ $from } ← { $to })
    ✅ منتقل‌شده: { $moved } · ⏭ منتقل‌نشده: { $skipped } · ⚠️ ناموفق: { $failed } (از { $total })
move-progress-done = ✅ <b>انتقال تمام شد</b> ({ $from } ← { $to })
    ✅ منتقل‌شده: { $moved } · ⏭ ردشده: { $skipped } · ⚠️ ناموفق: { $failed } (از { $total })
move-btn-pause = ⏸ توقف
move-btn-resume = ▶️ ادامه
move-btn-cancel = ✖️ لغو
move-btn-report = 📋 گزارش
move-report-not-moved = منتقل‌نشده‌ها:
move-report-line = • { $name }: { $why }
move-report-failed = ناموفق ({ $error })
move-report-more = …و { $count } مورد دیگر
move-report-old-left = کلاینت‌های قدیمی باقی ماندند (سرورشان پاسخ نداد): { $count }
move-unchanged = چیزی برای تغییر نیست: انتقال دیگر در آن وضعیت نیست.
move-not-found = این انتقال یا مکان دیگر شناخته نیست.
move-skip-gone = اشتراک دیگر وجود ندارد
move-skip-not-on-source = دیگر آنجا نیست
move-skip-expired = منقضی شده
move-skip-frozen = مسدود موقت (فریز) است
move-skip-pending-order = تمدید، بسته، تغییر طرح یا تغییر مدت در جریان است
move-skip-busy = تغییر دیگری در مدت آن زودتر آمد
move-skip-disabled = کلاینت آن غیرفعال است
move-skip-already-there = از قبل در مقصد است
move-skip-no-inbounds = هیچ طرحی اینباندهای موقعیت مقصد را نام نمی‌برد
move-skip-no-main = پنل اصلی لینک ترکیبی را می‌دهد: مشتریان از آن منتقل نمی‌شوند
move-skip-target-term = بیش از مدت پرداخت‌شدهٔ مقصد طول می‌کشد
move-skip-cancelled = انتقال لغو شد
move-customer-server = 🚚 VPN شما ({ $plan }) به سرور دیگری منتقل شد. از لینک جدید زیر استفاده کنید: لینک قبلی کار نمی‌کند.
move-customer-location = 🚚 VPN شما ({ $plan }) به موقعیت { $location } منتقل شد. لینک اشتراک شما همان است: برنامه هنگام به‌روزرسانی اشتراک تغییر را دریافت می‌کند.
move-settings-line = انتقال گروهی وقتی ذخیرهٔ مقصد کمتر از این شود متوقف می‌شود: { $days } روز
move-settings-edit = 🚚 تغییر آستانهٔ توقف انتقال
move-settings-ask = 🚚 انتقال گروهی مشتریان وقتی سرور مقصد کمتر از این تعداد روز دوام بیاورد متوقف می‌شود. یک عدد صحیح از { $min } تا { $max } روز بفرستید.
move-settings-invalid = یک عدد صحیح از { $min } تا { $max } روز بفرستید.
