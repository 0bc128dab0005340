# Games and rules
variant-long = довгі нарди
variant-short = короткі нарди
preset-classic = класика
preset-sport = спорт
preset-standard = стандарт
preset-custom = свої правила
match-running = безстрокова серія
match-points = { $n ->
    [one] до { $n } очка
   *[other] до { $n } очок
}
match-games = { $n ->
    [one] { $n } партія
    [few] { $n } партії
    [many] { $n } партій
   *[other] { $n } партії
}

opt-head-classic = Голова: 6-6, 4-4, 3-3 на першому ході знімають дві (крім 4-4 після 5-5)
opt-head-criterion = Голова: друга шашка на першому 6-6, 4-4, 3-3, якщо однією весь кидок не зіграти
opt-head-doubles = Голова: будь-який дубль на першому ході знімає дві
opt-head-wide = Голова: будь-який перший кидок знімає дві
opt-head-sport = Голова: 6-6, 4-4, 3-3 знімають дві лише в другого гравця
opt-block-strict = Блок із шести: ніколи, навіть проміжно, якщо попереду немає шашки суперника
opt-block-final = Блок із шести: перевіряється лише наприкінці ходу
opt-block-home = Блок із шести: лише коли шашка суперника вже зайшла в дім
opt-scoring-oin = Рахунок: будь-яка перемога — 1
opt-scoring-mars = Рахунок: оін 1, марс 2
opt-scoring-koks = Рахунок: оін 1, марс 2, кокс 3
opt-scoring-home-mars = Рахунок: оін 1, марс 2, домашній марс 3
opt-lastRoll-on = Останній кидок: другий гравець ще може звести партію внічию
opt-lastRoll-off = Без останнього кидка
opt-opening-reroll = Початок: переможець жеребкування кидає ще раз
opt-opening-lot = Початок: переможець жеребкування ходить кубиками жеребкування
opt-cube-on = З кубиком подвоєння
opt-cube-off = Без кубика подвоєння
opt-jacoby-on = З правилом Джейкобі
opt-jacoby-off = Без правила Джейкобі
opt-next-loser = Наступна партія: починає той, хто програв
opt-next-alternate = Наступна партія: починають по черзі
opt-next-winner = Наступна партія: починає переможець
opt-next-lot = Наступна партія: нове жеребкування

result-oin = оін
result-mars = марс
result-koks = кокс
result-home-mars = домашній марс
result-single = проста партія
result-gammon = гаммон
result-backgammon = бекгаммон
result-drop = відмова від подвоєння
result-draw = нічия

# The game message
caption-pips = піпси { $white } / { $black } · виведено { $woff } / { $boff }
caption-cube = кубик { $value } · { $owner }
caption-clock = ⏱ { $white } · { $black } · { $delay } с на хід
caption-clock-correspondence = ⏱ доба на хід
caption-on-time = за часом
clock-none = без годинника
clock-blitz = бліц
clock-normal = звичайний
clock-casual = спокійний
clock-correspondence = листування
clock-delay-text = ⏱ Годинник: { $name }, { $delay } с на хід + { $reserve } у запасі
clock-correspondence-text = ⏱ Годинник: листування, доба на хід
clock-low = ⏱ Залишилося { $seconds } с у партії №{ $game }!
cube-centre = посередині
caption-last = останній хід: { $name } { $dice }: { $play }
caption-turn = { $name } { $dice }: { $play }
caption-turn-auto = { $name } { $dice }: { $play } (вимушений хід)
caption-no-move = немає ходу
caption-roll-or-double = 🎲 { $name }: кидайте чи подвоюйте
caption-to-move = 🎲 { $dice } · ходить { $name }
caption-double = { $name } подвоює до { $value }. { $other }: приймаєте чи відмовляєтеся?
caption-resign-offer = { $name } хоче здатися: { $kind }. { $other }: приймаєте?
caption-wins = { $name } виграє: { $kind }, +{ $points }
caption-draw = Нічия
caption-series = серія { $white } : { $black }
caption-match = матч { $white } : { $black }
caption-match-won = { $name } виграє матч
caption-next-game = наступна партія почнеться сама за { $seconds } с
caption-lot = жеребкування: { $a } { $da }, { $b } { $db }: починає { $starter }
caption-commitment = хеш зерна кубиків (SHA-256): <code>{ $hash }</code>
caption-dice-salt = друга частина кубиків: <code>{ $salt }</code>
caption-starting = 🎲 Партія починається в цьому повідомленні: його номер і час — друга частина кубиків.
caption-starting-fixed = 🎲 Партія починається: друга частина її кубиків уже визначена, дошка її назве.
caption-seed = зерно кубиків: <code>{ $seed }</code>
caption-next-commitment = хеш зерна кубиків наступної партії (SHA-256): <code>{ $hash }</code>
caption-abandoned = ⛔ Цю партію перервано: її турнір скасовано.
caption-lapsed = ⛔ Партію скасовано незіграною: той, хто викликав, так і не походив (картку могли натиснути без нього).
caption-broken = ⚠️ Запис цієї партії пошкоджено, продовжити її не можна. Почніть нову партію: /play.

btn-roll = 🎲 Кинути
btn-double = ×2 Подвоїти
btn-undo = ↩ Крок назад
btn-confirm = ✓ Готово
btn-take = ✅ Прийняти
btn-drop = ❌ Відмовитися
btn-accept = ✅ Прийняти
btn-start-computer = 🎲 Почати
btn-decline = ❌ Відхилити
btn-cancel = Скасувати
btn-cancel-challenge = Скасувати виклик
btn-rematch = 🔁 Наступна партія
btn-claim = 🏁 Забрати перемогу
btn-play-here = ▶ Грати в особистому чаті
btn-open-board = 🎮 Відкрити дошку
btn-resign-confirm = 🏳 Так, здаюся

# Challenges
challenge-open = { $from } викликає будь-кого охочого: { $game }
challenge-targeted = { $from } викликає { $to }: { $game }
challenge-computer = { $from } проти бота: { $game }. Натисніть 🎲, щоб почати.
challenge-expires = Виклик діє { $minutes ->
        [one] { $minutes } хвилину
        [few] { $minutes } хвилини
        [many] { $minutes } хвилин
       *[other] { $minutes } хвилини
    }.
challenge-accepted = Грають { $from } і { $name }. Дошка нижче.
challenge-accepted-shared = Грають { $from } і { $name }: дошка — у картці виклику, у тому чаті, куди ви її надіслали.
challenge-declined = { $name } відхиляє виклик: { $game }.
challenge-cancelled = Виклик від { $from } скасовано: { $game }.
challenge-expired = Виклик від { $from } ніхто не прийняв вчасно: { $game }.
challenge-closed = Виклик від { $from } закрито: { $game }.
play-usage = Не розумію «{ $word }». Спробуйте <code>/play</code>, <code>/play short</code>, <code>/play long sport</code>, <code>/play short 5p blitz</code>, <code>/play @friend</code> або <code>/play bot</code>.

# Resigning
resign-none = У вас тут немає поточної партії.
resign-pick = Яку партію здати?
resign-confirm-long = Здати партію проти { $name }? Очки порахують за поточною позицією.
resign-confirm-short = Здача в партії проти { $name }: скільки очок запропонувати?
resign-cancelled = Здачу скасовано. Грайте далі!
resign-done = Партію здано.
resign-offered = Пропозицію надіслано; суперник відповість кнопками під дошкою.
resign-moved = Відтоді партія тривала; ось запитання ще раз.
resign-claimed = Перемогу зараховано.
resign-offer-answer = { $name } хоче здатися: { $kind }. Приймаєте?
resign-offer-accepted = Здачу прийнято: партія ваша.
resign-offer-declined = Пропозицію відхилено. Грайте далі!
started-minutes = { $n ->
    [one] почата { $n } хвилину тому
    [few] почата { $n } хвилини тому
   *[other] почата { $n } хвилин тому
}
started-hours = { $n ->
    [one] почата { $n } годину тому
    [few] почата { $n } години тому
   *[other] почата { $n } годин тому
}
started-days = { $n ->
    [one] почата { $n } день тому
    [few] почата { $n } дні тому
   *[other] почата { $n } днів тому
}

# Idle games
idle-reminder = ⏰ { $name }, ваш хід у партії проти { $other }.

# Scores
score-title = Серії в цьому чаті
score-none = Тут ще немає завершених партій. Почніть з /play.
score-games = { $n ->
    [one] { $n } партія
    [few] { $n } партії
    [many] { $n } партій
   *[other] { $n } партії
}
score-over = завершена
top-title = Найкращі гравці: { $variant }
top-row = { $rank }. { $name } · { $points ->
        [one] { $points } очко
        [few] { $points } очки
        [many] { $points } очок
       *[other] { $points } очка
    } · перемог: { $wins } з { $games } ({ $rate }%) · рейтинг { NUMBER($rating, useGrouping: 0) }
top-none = Тут ще ніхто не дограв жодної партії.
list-more = …і ще { $n }

# Set-up dialog
new-variant = У що граємо?
new-preset = Які правила?
new-head = Скільки шашок можна зняти з голови на першому ході?
new-block = Коли дозволено блок із шести пунктів поспіль?
new-scoring = Як рахується виграш?
new-lastRoll = Чи має другий гравець право останнього кидка?
new-opening = Як починається перший хід?
new-cube = Грати з кубиком подвоєння?
new-jacoby = Правило Джейкобі (гаммон і бекгаммон зараховуються лише після подвоєння)?
new-next = Хто починає наступну партію?
new-match = Якої довжини матч?
new-match-running = Безстрокова серія
new-match-p3 = До 3 очок
new-match-p5 = До 5 очок
new-match-p7 = До 7 очок
new-match-g3 = 3 партії
new-match-g5 = 5 партій
new-clock = Який годинник?
new-clock-none = Без годинника
new-clock-blitz = ⚡ Бліц
new-clock-normal = ⏱ Звичайний
new-clock-casual = 🐢 Спокійний
new-clock-correspondence = 📬 Доба на хід
new-opponent = З ким граєте?
new-opponent-open = Будь-хто в цьому чаті
new-opponent-bot = Бот
new-opponent-name = Гравець за @username
new-ask-username = Дайте відповідь на це повідомлення з @username суперника (або згадайте його).
new-bad-username = Це не схоже на @username. Дайте відповідь на це повідомлення так: @friend.
new-not-yours = Це налаштування розпочав інший гравець. Почніть своє командою /new.
new-closed = Це налаштування закрите. Почніть нове командою /new.
new-replaced = Це налаштування замінила нова команда /new.
new-expired = На це налаштування ніхто не відповів вчасно. Почніть знову командою /new.
new-too-long = Це налаштування надто затягнулося, тож його закрито. Почніть знову командою /new.
new-wait-username = Чекаю на @username суперника: дайте відповідь на моє запитання нижче.
new-opponent-friend = Друг, за карткою-викликом
new-cancelled = Налаштування скасовано.
new-done-bot = Починаємо партію з ботом…

# Languages
lang-pick = Оберіть мову:
lang-set = Мова: українська.
lang-en = English
lang-ru = Русский
lang-uk = Українська

# Errors
err-generic = Щось пішло не так. Спробуйте ще раз.
err-bad-button = Ця кнопка недійсна.
err-foreign-button = Ця кнопка належить до повідомлення з іншого чату; тут вона нічого не робить.
err-inactive-button = Ця кнопка вже не активна.
err-stale = Ця дошка застаріла; ось актуальна.
err-turn-of = Зараз ходить { $name }.
err-challenge-bot = Бота не можна викликати. Щоб зіграти зі мною, надішліть /play bot.
limit-challenges = ⏳ Ви створили багато викликів за останні хвилини. Спробуйте за { $minutes } хв.
err-game-over = Цю партію завершено.
private-board-not-player = Відкрити тут дошку цієї партії можуть лише її гравці.
err-not-your-turn = Зараз не ваш хід.
err-wrong-phase = Зараз цього зробити не можна.
err-illegal-step = Такий хід не дозволено.
err-nothing-to-undo = Нічого скасовувати.
err-turn-incomplete = Спочатку зіграйте всі кубики.
err-cube-unavailable = Зараз подвоювати не можна.
err-bad-resign = Спочатку дайте відповідь на подвоєння: відмова завершує партію.
err-not-found = Цієї партії або виклику вже немає.
err-bad-input = Неправильне введення.
err-bad-rules = Такі правила неприпустимі.
err-self-challenge = Не можна викликати самого себе.
err-not-target = Цей виклик адресовано іншому гравцеві.
err-not-challenger = Скасувати виклик може лише його автор.
err-challenge-closed = Цей виклик закрито.
err-expired = Термін дії виклику минув.
err-card-used = Ця картка вже відкрила виклик в іншому повідомленні; тут вона нічого не робить.
err-not-a-player = Ви не берете участі в цій партії.
err-too-early = Забирати перемогу в цій партії ще зарано.
err-claim-computer = У бота перемогу забрати не можна: його хід лише чекає, доки він знову зможе писати в чат цієї партії (його звідти видалили або заблокували), і він походить, щойно зможе.
err-claim-unconfirmed = Той, хто викликав, ще нічого не зробив у цій партії: його картку могли натиснути без нього. Перемогу в нього забрати не можна; якщо він так і не зіграє, партію буде скасовано.
err-already-playing = Ви вже граєте тут одне з одним; спочатку дограйте ту партію.
err-game-active = Спочатку дограйте поточну партію.
err-rematch-exists = Наступна партія вже почалася.
err-lobby-next-game = Наступна партія цього матчу почнеться сама за кілька секунд після попередньої.
err-series-over = Ця серія завершена.
err-busy = Партія зараз зайнята; спробуйте ще раз.
err-broken = Запис цієї партії пошкоджено, продовжити її не можна. Почніть нову партію: /play.
err-claim-own-turn = Ця кнопка для суперника: ви давно не ходили, і він може забрати перемогу. Зробіть хід, і кнопка зникне.
err-claim-own-offer = Ваша пропозиція здатися чекає на відповідь суперника ({ $name }), тож забрати перемогу поки не можна.
err-not-your-question = Відповісти може лише { $name }.
err-no-computer = Гра з ботом тут недоступна.
limit-computer-games = У вас уже { $count ->
    [one] триває { $count } партія
    [few] тривають { $count } партії
    [many] тривають { $count } партій
   *[other] тривають { $count } партії
} зі мною. Спершу дограйте або здайте одну.

# Help
start-inline-hint = Щоб зіграти з другом в особистому чаті, наберіть там <code>@{ $bot }</code> і виберіть гру.
help =
    <b>Нарди</b>: довгі та короткі нарди (бекгаммон) просто в чаті.

    <b>Гра</b>
    /play: викликати будь-кого в цьому чаті
    /play @friend або /play у відповідь на повідомлення: викликати одну людину
    /play short, /play long sport: вибрати гру та правила
    /play bot: зіграти зі мною
    /play anyone: рейтингова партія із суперником вашої сили, в особистому чаті зі мною
    /new: налаштувати всі правила крок за кроком
    /tournament: турнір у цій групі (/tournament short ko 3p 30m: гра, олімпійка або кругова, довжина матчу, час запису)
    У будь-якому іншому чаті наберіть @{ $bot } і виберіть гру.

    <b>Під час партії</b>
    Натискайте кнопки під дошкою: кожна — хід однієї шашки (13→7) у вашій нумерації. «Крок назад» скасовує останній крок, доки хід не завершено.
    /resign: здатися (у коротких нардах — запропонувати 1, 2 або 3 очки)

    <b>Ще</b>
    /score: серії в цьому чаті · /top: найкращі гравці (/top global: в усіх чатах) · /rating: ваш рейтинг · /history: завершені партії, їхній аналіз, повтор і запис · /rules: правила · /lang: мова
rules-long =
    <b>Довгі нарди</b>
    Усі 15 шашок кожного гравця стоять на голові (пункт 24) і рухаються проти годинникової стрілки, з 24-го пункту до 1-го, а потім виводяться з дошки. Ваш дім — пункти 1-6.
    • Пункт, на якому стоїть хоча б одна шашка суперника, закритий: туди не можна ні стати, ні зупинитися посеред ходу. Бити шашки не можна.
    • Кожен кубик — окремий хід; дубль грається чотири рази. Зіграти треба якомога більше кубиків; якщо можна зіграти лише один, грається більший.
    • За хід з голови можна зняти лише одну шашку. На першому ході правила різняться (налаштування «голова»): класика (6-6, 4-4, 3-3 знімають дві, але 4-4 у відповідь на перший кидок 5-5 — одну), критерій, дублі, будь-який кидок, спорт.
    • Шість пунктів поспіль можна тримати, лише поки попереду них є шашка суперника (налаштування «блок»: суворий — навіть проміжно; за підсумком — наприкінці ходу; домашній — коли шашка суперника вже зайшла в дім).
    • Виводити шашки можна, коли всі 15 у домі. Кубик виводить шашку зі свого пункту; з нижчого — лише якщо вище шашок немає.
    • Рахунок (налаштування): оін — 1; марс — 2, якщо той, хто програв, не вивів жодної шашки; кокс — 3 або домашній марс — 3 у варіантах, де їх рахують. Під час здачі очки рахують за позицією на цей момент.
    • Налаштування: початок (переможець жеребкування кидає ще раз або ходить кубиками жеребкування), останній кидок (можлива нічия), кубик подвоєння, довжина матчу, хто починає наступну партію.
rules-short =
    <b>Короткі нарди (бекгаммон)</b>
    Звичайна розстановка бекгаммону: 2 на 24, 5 на 13, 3 на 8, 5 на 6. Ви ходите від 24 до 1.
    • Пункт, на якому дві або більше шашок суперника, закритий. Ставши на одиноку шашку суперника, ви збиваєте її на бар.
    • Шашка з бару спершу має ввійти в дім суперника; якщо ввійти не можна, хід пропадає.
    • Зіграти треба якомога більше кубиків; якщо можна зіграти лише один, грається більший. Дубль грається чотири рази.
    • Виводити шашки можна, коли всі 15 у домі; шашка, збита тим часом, має спершу повернутися додому.
    • Перемога — 1 очко, гаммон — 2 (той, хто програв, не вивів жодної шашки), бекгаммон — 3 (і в нього ще є шашка на барі або в домі переможця); усе це множиться на кубик.
    • Кубик подвоєння: перед кидком можна подвоїти, якщо кубик посередині або у вас. Суперник приймає (ставка подвоюється, кубик переходить до нього) або відмовляється (і одразу програє). До 64. У матчі діє правило Кроуфорда; правило Джейкобі — налаштування для безстрокової серії.
    • Здаючись, ви пропонуєте просту партію, гаммон або бекгаммон; суперник приймає або грає далі.

# Command menu
cmd-play = Викликати на партію
cmd-new = Налаштувати партію крок за кроком
cmd-resign = Здати партію в цьому чаті
cmd-score = Рахунок серій у цьому чаті
cmd-top = Найкращі гравці цього чату
cmd-rules = Правила обох ігор
cmd-lang = Вибрати мову
cmd-help = Як грати

# Inline mode
inline-card = { $from } запрошує зіграти: { $game }. Натисніть «Прийняти», щоб почати.
inline-description = Виклик, який може прийняти будь-хто в цьому чаті
limit-inline = ⏳ Багато викликів за останні хвилини: спробуйте за { $minutes } хв.

# Chat settings
cmd-settings = Налаштування цього чату
settings-confirm-on = Партії, розпочаті тут: кожен хід чекає натискання «✓ Готово», тож крок ще можна скасувати.
settings-confirm-off = Партії, розпочаті тут: хід закінчується, щойно зіграно останню зару.
btn-confirm-on = Питати «✓ Готово» після ходу
btn-confirm-off = Закінчувати хід останньою зарою
err-admins-only = Змінювати налаштування чату можуть лише його адміністратори.

# Private chat
play-private = Щоб зіграти з другом, надішліть йому картку виклику: натисніть кнопку й виберіть його чат (або наберіть там @{ $bot }). Щоб зіграти зі мною, надішліть /play bot.
btn-send-challenge = 📨 Надіслати виклик другові

# Після партії
btn-analysis = 📊 Аналіз
btn-replay = 🎞 Повтор
btn-record = ⬇ Запис
record-caption = ⬇ Запис партії { $game }. В останніх рядках — зерно кубиків, друга частина і хеш зерна: будь-хто може перерахувати кожен кидок.
err-game-gone = Ця партія більше не зберігається.
err-game-not-over = Ця партія ще не закінчена.
history-title = Завершені партії тут, спершу останні
history-none = Тут ще немає завершених партій. Почніть з /play.
limit-command = ⏳ Ви часто просили про це останніми хвилинами. Спробуйте за { $minutes } хв.
cmd-history = Останні завершені партії цього чату
replay-caption = 🎞 Повтор партії { $game }: { $players }. { $result }
replay-making = 🎞 Малюю повтор…
replay-running = 🎞 Цей повтор уже готується.
replay-sent = 🎞 Повтор цієї партії надіслано сюди { $minutes } хв тому: він вище.
record-sent = ⬇ Запис цієї партії надіслано сюди { $minutes } хв тому: він вище.
record-sending = ⬇ Цей запис уже в дорозі.
replay-queued = 🎞 У черзі, номер { $position }. Повтор незабаром буде.
replay-needs-private = Щоб побачити повтор цієї партії, відкрийте особистий чат зі мною і натисніть ще раз.
cmd-analysis = Розбір останньої завершеної партії тут
analysis-none = Тут ще немає завершених партій для розбору. Почніть з /play.
analysis-making = 📊 Розбираю кожне рішення…
analysis-running = 📊 Ця партія вже розбирається.
analysis-queued = 📊 У черзі, номер { $position }. Розбір з'явиться тут.
analysis-posted = 📊 Розбір цієї партії вже був тут { $minutes } хв тому — він вище.
analysis-posted-above = 📊 Розбір цієї партії — у повідомленні, на яке це відповідає.
queue-person = ⏳ У вас уже кілька запитів у черзі. Попросіть знову, коли один буде готовий.
queue-chat = ⏳ У цьому чаті вже кілька запитів у черзі. Спробуйте за хвилину.
queue-full = ⏳ Зараз у черзі багато запитів. Спробуйте за кілька хвилин.
analysis-title = 📊 Розбір { $game }
analysis-player = рішень: { $decisions }, помилок: { $errors }, грубих: { $blunders }; втрачено еквіті: { $lost } ({ $perDecision } на рішення); удача: { $luck }
analysis-verdict-better = { $name } зіграв(ла) краще; { $luckier } кидав(ла) кубики вдаліше.
analysis-verdict-even = Обидва зіграли однаково; { $luckier } кидав(ла) кубики вдаліше.
analysis-pictured = На картинці ліворуч зіграний хід, праворуч найкращий:
analysis-decision = { $side } хід { $turn }, кидок { $dice }: зіграно { $played } ({ $playedEquity }), краще { $best } ({ $bestEquity }); втрата { $loss }
analysis-decision-short = { $side } хід { $turn }, { $dice }: { $played }, краще { $best }; втрата { $loss }
analysis-decision-brief = { $side } хід { $turn }, { $dice }: втрата { $loss }
analysis-player-cube = з них куб і здачі: рішень { $decisions }, помилок { $errors }, втрачено { $lost }
analysis-cube-decision = { $side } хід { $turn }, куб { $cube }: { $action } ({ $chosenEquity }), краще { $best } ({ $bestEquity }); втрата { $loss } на куб
analysis-cube-decision-short = { $side } хід { $turn }, куб { $cube }: { $action }, краще { $best }; втрата { $loss }
analysis-cube-decision-brief = { $side } хід { $turn }, куб { $cube }: втрата { $loss }
analysis-action-double = подвоїв
analysis-action-no-double = не подвоїв
analysis-action-take = прийняв подвоєння
analysis-action-drop = відмовився від подвоєння
analysis-action-resign = здався
analysis-action-play-on = грати далі
analysis-action-accept = прийняв здачу
analysis-action-decline = відхилив здачу

# Сторінка з дошкою
web-resign = 🏳 Здатися
web-starting = 🎲 Партія починається…
web-watching = 👀 Ви дивитеся цю партію.
web-pips = піпси { $n }
web-your-turn = 🟢 Ваш хід
web-waiting-for = ⏳ Чекаємо: { $name }
web-offline = Підключення втрачено; підключаємося знову…
web-not-sent = ⚠ Хід не надіслано: підключення втрачено. Його збережено тут, і він піде, щойно підключення повернеться.
web-closed-elsewhere = Ця дошка відкрита у вас у новіших вікнах, тому тут вона закрита. Щоб грати тут, відкрийте дошку знову з повідомлення з партією.
web-turn-of = Хід { $n } з { $total }
web-start = Початок
web-played = Зіграно: { $play }
web-best = Краще: { $play } (−{ $loss })
web-no-analysis = Розбору ще немає: натисніть 📊 Аналіз під дошкою в чаті.
web-inaccuracy = неточність
web-error = помилка
web-blunder = груба помилка
web-denied-auth = Telegram не підтвердив, хто ви. Відкрийте дошку знову з повідомлення з партією.
web-denied-expired = Сеанс цієї дошки минув (через добу після відкриття). Відкрийте дошку знову з повідомлення з партією.
web-denied-not-found = Цієї партії тут немає. Відкрийте дошку з повідомлення з партією.
web-denied-not-allowed = Цю партію бачать лише гравці та учасники групи, де вона йде.

# The board page's home: the lobby, opened from the bot's menu button.
web-menu-button = 🎲 Грати
web-home-title = 🎲 Гра з будь-ким
web-home-intro = Рейтингова партія із суперником вашого рівня, завжди з годинником.
web-home-length = Довжина
web-home-clock = Годинник
web-home-length-of = { $n ->
    [1] 1 партія
    [one] { $n } очко
    [few] { $n } очки
   *[other] { $n } очок
}
web-home-seek-long = 🔎 Довгі нарди
web-home-seek-short = 🔎 Короткі нарди
web-home-waiting = 🔎 Ви шукаєте суперника: { $game }. Пару буде знайдено, щойно хтось підійде; пошук закінчиться через 10 хвилин.
web-home-seeks = Відкриті пошуки
web-home-no-seeks = Зараз більше ніхто не шукає партію. Почніть пошук: наступний, хто шукатиме ту саму гру, потрапить у пару з вами.
web-home-join = ▶ Грати
web-home-rating = рейтинг { $rating }
web-home-games = Ваші партії
web-home-open = Відкрити
web-home-vs = { $game } · проти: { $name }
web-home-boards = Таблиці лідерів
web-home-all-time = За весь час
web-home-month = Цього місяця
web-home-row-all = { NUMBER($rating, useGrouping: 0) } · { $matches ->
    [one] { $matches } матч
    [few] { $matches } матчі
    [many] { $matches } матчів
   *[other] { $matches } матчу
}
web-home-row-month = { $sign }{ NUMBER($gained, minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: 0) } · зараз { NUMBER($rating, useGrouping: 0) }
web-home-you = Ваш рейтинг: { NUMBER($rating, useGrouping: 0) } · { $matches ->
    [one] { $matches } рейтинговий матч
    [few] { $matches } рейтингові матчі
    [many] { $matches } рейтингових матчів
   *[other] { $matches } рейтингового матчу
}
web-home-board-empty = Рейтингових матчів ще не було.
web-home-month-empty = Цього місяця рейтингових матчів ще не було.
web-home-paired = 🎲 Суперника знайдено: відкриваємо дошку…
web-home-paused = Оновлення призупинено: натисніть «Оновити», щоб побачити пошуки зараз.
web-home-refresh = Оновити
web-home-gone = Цей пошук щойно закінчився: його прийняв хтось інший або гравець перестав шукати.
web-home-own = Це ваш власний пошук.
web-home-back = 🏠 На головну
web-find-another = 🔎 Знайти ще

# Турніри
cmd-tournament = Турнір у цій групі
tournament-group-only = Турніри проходять у групах: додайте мене до групи й надішліть там /tournament.
tournament-bad-args = Не розумію «{ $word }». Спробуйте /tournament, /tournament short або /tournament long sport ko 3p blitz 30m.
tournament-card-title = Турнір
tournament-format-round-robin = кругова система
tournament-format-knockout = олімпійка (на виліт)
tournament-card-format = Формат: { $format }
tournament-card-organiser = Організатор: { $name }
tournament-card-closes = Запис закриється не пізніше ніж за { $minutes } хв; від 3 до 32 гравців. Потім турнір почнеться сам.
tournament-card-players = Гравці ({ $n }):
tournament-card-started = Запис закрито: гравців { $n }. Таблиця — нижче.
tournament-card-cancelled = Турнір скасовано.
tournament-card-called-off = Запис закрився, а гравців менше 3: турнір не відбудеться.
btn-t-join = ✋ Беру участь
btn-t-leave = Вийти
btn-t-format = 🔀 { $format }
btn-t-match = 🎯 Довжина матчу
btn-t-clock = ⏱ Годинник: { $name }
btn-t-window = ⏱ Час запису
btn-t-start = ▶️ Почати
btn-t-cancel = ✖️ Скасувати турнір
btn-t-cancel-finish = Дограти розпочаті партії
btn-t-cancel-abandon = Перервати розпочаті партії
btn-t-back = ↩️ Назад
tournament-joined = Ви в турнірі!
tournament-left = Ви вийшли з турніру.
tournament-playing = Зараз грають: { $pairs }
tournament-progress = Зіграно матчів: { $done } з { $total }
tournament-winner = 🏆 { $name } виграє турнір!
tournament-dice-commitment = хеш зерна кубиків перших партій матчів (SHA-256): <code>{ $hash }</code>
tournament-dice-seed = зерно кубиків перших партій матчів: <code>{ $seed }</code>
tournament-cancelled = Турнір скасовано.
tournament-final = 🏆 { $name } виграє турнір!
tournament-place = { $place }. { $name }
tournament-over-cancelled = Турнір скасовано; уже зіграні партії лишаються в /score.
tournament-picture-winner = Переможець: { $name }
tournament-col-place = #
tournament-col-player = Гравець
tournament-col-played = І
tournament-col-wins = В
tournament-col-losses = П
tournament-col-points = Очки
tournament-col-diff = +/−
tournament-round-final = Фінал
tournament-round-semi = Півфінали
tournament-round-quarter = Чвертьфінали
tournament-round-of = Раунд із { $n } учасників
tournament-tbd = ?
tournament-bye = без гри
top-tournaments = 🏆 Виграно турнірів: { $list }
err-tournament-game = У турнірі наступна партія відкривається сама.
err-abandoned = Цю партію перервано: її турнір скасовано.
err-group-only = Турніри проходять у групах.
err-tournament-exists = У цій групі вже йде турнір; надішліть /tournament, щоб його побачити.
err-signup-closed = Запис на цей турнір закрито.
err-already-entered = Ви вже записані.
err-tournament-full = Турнір заповнено (32 гравці).
err-not-entered = Ви не записані на цей турнір.
err-not-organiser = Це може лише організатор.
err-not-organiser-or-admin = Скасувати турнір може лише організатор або адміністратор групи.
err-too-few-players = Для турніру потрібно щонайменше 3 гравці.
err-tournament-over = Цей турнір завершено.
btn-seek-find = 🎲 Знайти суперника
btn-seek-long = 🎲 Довгі нарди
btn-seek-short = 🎲 Короткі нарди
seek-pick = 🎲 Яка гра? Я підберу суперника вашої сили: одна рейтингова партія, звичайний годинник. Інші умови можна задати так: <code>/play anyone short 5p blitz</code>.
seek-held-out = ⛔ За добу ви програли три партії лобі за часом, не зробивши жодного ходу, тож лобі закрите для вас ще { $minutes } хв.
seek-held-out-now = ⛔ Це третя за добу партія лобі, програна за часом без жодного ходу: лобі закрите для вас на { $minutes } хв.
err-held-out = За добу ви програли три партії лобі за часом, не зробивши жодного ходу: лобі закрите для вас на годину після останньої.
new-opponent-tournament = 🏆 Турнір для цієї групи
new-format = Який формат турніру?
new-done-tournament = 🏆 Запис на турнір відкрито: картка нижче.
review-players-only = Розбір і запис цієї партії доступні лише її гравцям.

# A chat flooded with requests: some replies were dropped.
outbox-full = ⏳ Забагато запитів одразу: частину відповідей пропущено. Зачекайте хвилину, перш ніж питати знову.
# A press not handled because its chat or its presser sent too much at once.
press-busy = ⏳ Забагато всього одразу: це натискання пропущено. Спробуйте ще раз трохи згодом.

# The board page: a player clock's two figures (what is left of the move's delay, then the reserve).
web-clock = ⏱ Залишилося на хід + у запасі

# The rating across chats (FIBS's formula, rated games only): /rating and /top global.
cmd-rating = Ваш рейтинг в усіх чатах і його графік
rating-title = Рейтинг: { $name }
rating-subtitle = В усіх чатах, за формулою FIBS
rating-axis = рейтингові матчі
rating-line = { $variant }: <b>{ NUMBER($rating, useGrouping: 0) }</b> · { $matches ->
    [one] { $matches } рейтинговий матч
    [few] { $matches } рейтингові матчі
    [many] { $matches } рейтингових матчів
   *[other] { $matches } рейтингового матчу
}
rating-line-none = { $variant }: 1500 · рейтингових матчів ще не було
rating-none = У вас ще немає рейтингових матчів: усі починають з 1500. Рейтинговими вважаються партії з будь-яким суперником, знайденим через усі чати; партії з друзями в чаті йдуть лише в /top цього чату.
top-global-title = 🌍 <b>Рейтинг, { $variant }: за весь час</b>
top-global-month = 🌍 <b>Рейтинг, { $variant }: приріст за цей місяць</b>
top-global-row = { $rank }. { $name } · { NUMBER($rating, useGrouping: 0) } · { $matches ->
    [one] { $matches } матч
    [few] { $matches } матчі
    [many] { $matches } матчів
   *[other] { $matches } матчу
}
top-global-month-row = { $rank }. { $name } · { $sign }{ NUMBER($gained, minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: 0) } · зараз { NUMBER($rating, useGrouping: 0) }
top-global-month-none = Цього місяця рейтингових матчів ще не було.
top-global-none = Рейтингових матчів ще ніхто не зіграв: рейтинговими вважаються партії з будь-яким суперником, знайденим через усі чати. /top показує таблицю цього чату.

# Лобі: партія з будь-яким суперником з будь-яких чатів.
seek-private-only = Суперника шукають в особистому чаті зі мною: відкрийте його й надішліть там /play anyone.
seek-waiting = 🔎 Шукаю суперника: { $game } · ⏱ { $clock }. Я напишу тут, коли знайду; пошук закінчиться за 10 хвилин.
seek-already = 🔎 Ви вже шукаєте партію; зупиніть той пошук, щоб почати інший.
seek-bad = Таку партію шукати не можна: у лобі грають матчі від 1 до 11 очок, завжди з годинником (бліц, звичайний або спокійний).
seek-paired = 🎲 Суперника знайдено: { $name } (рейтинг { NUMBER($rating, useGrouping: 0) }). Дошка нижче; партія рейтингова.
seek-paired-unrated = 🎲 Суперника знайдено: { $name } (рейтинг { NUMBER($rating, useGrouping: 0) }). Дошка нижче; цей матч не рейтинговий: ті самі двоє грають не більше трьох рейтингових матчів у лобі за добу, а вхід зі списку рейтинговий лише в межах різниці рейтингів, яку допускає підбір.
seek-lapsed = За 10 хвилин нікого не знайшлося, пошук закінчено. Надішліть /play anyone, щоб шукати знову.
seek-offer-bot = 🤖 Поки нікого. Можна почекати ще або зіграти поки з ботом: /play bot.
seek-cancelled = Пошук зупинено.
seek-none = Ви не шукаєте партію.
btn-seek-cancel = ✖️ Зупинити пошук

# Strangers paired in the lobby: set phrases, /block, /report, the @username.
phrase-hello = 👋 Привіт
phrase-luck = 🍀 Удачі
phrase-gg = 👍 Гарна гра
phrase-thanks = 🙏 Дякую
phrase-from = { $name } пише: { $phrase }
phrase-after = 🏁 Партію #{ $game } закінчено. Кілька слів суперникові?
phrase-sent = Надіслано. { $left ->
    [0] Це була остання фраза в цій партії.
    [one] У цій партії залишилася { $left } фраза.
    [few] У цій партії залишилося { $left } фрази.
   *[other] У цій партії залишилося { $left } фраз.
}
phrase-used-up = Більше фраз у цій партії не можна: не більше чотирьох.
phrase-over = Та партія давно закінчилася: фрази можна надсилати під час партії та 10 хвилин після неї.
phrase-not-player = Фрази цієї партії можуть надсилати лише двоє її гравців.
phrase-blocked = Не надіслано: один із вас заблокував іншого.
strangers-private-only = /block і /report — для ваших партій з незнайомцями з лобі: надішліть їх мені в особистому чаті.
strangers-free-text = 💬 Те, що ви пишете тут, не доходить до суперника в партії #{ $game }: між незнайомцями передаються лише готові фрази, як кнопки нижче (чотири за партію). Якщо треба, тут же працюють /block і /report.
block-done = 🚫 Заблоковано суперника: { $name } (партія #{ $game }). Лобі більше ніколи не зведе вас; /unblock знімає блокування.
block-already = { $name } (партія #{ $game }) уже у вашому списку блокувань.
block-no-game = У вас немає партії з незнайомцем з лобі. /block і /report діють на вашу поточну чи останню таку партію або на названу: /block #12, /report #12 причина.
block-full = Ви заблокували 200 людей — це межа. /unblock знімає останнє блокування.
unblock-done = Блокування знято: { $name }. Лобі знову може звести вас.
unblock-none = Ви нікого не блокували.
report-done = Дякуємо: скаргу на партію #{ $game } прийнято, оператор її розгляне.
report-already = На партію #{ $game } ви вже поскаржилися.
report-limit = Сьогодні ви вже надіслали 5 скарг — це межа; завтра можна знову.
settings-username-on = Незнайомці з лобі бачать ваше ім'я, рейтинг і @username.
settings-username-off = Незнайомці з лобі бачать лише ваше ім'я та рейтинг, без @username.
btn-username-on = Показувати мій @username незнайомцям
btn-username-off = Приховати мій @username від незнайомців
cmd-block = Більше не грати з останнім суперником з лобі
cmd-report = Поскаржитися на останнього суперника з лобі
