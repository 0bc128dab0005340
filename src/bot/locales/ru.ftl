# Games and rules
variant-long = длинные нарды
variant-short = короткие нарды
preset-classic = классика
preset-sport = спорт
preset-standard = стандарт
preset-custom = свои правила
match-running = бессрочная серия
match-points = { $n ->
    [one] до { $n } очка
   *[other] до { $n } очков
}
match-games = { $n ->
    [one] { $n } партия
    [few] { $n } партии
    [many] { $n } партий
   *[other] { $n } партии
}

opt-head-classic = Голова: 6-6, 4-4, 3-3 на первом ходу снимают две (кроме 4-4 после 5-5)
opt-head-criterion = Голова: вторая шашка при первом 6-6, 4-4, 3-3, если одной весь бросок не сыграть
opt-head-doubles = Голова: любой дубль на первом ходу снимает две
opt-head-wide = Голова: любой первый бросок снимает две
opt-head-sport = Голова: 6-6, 4-4, 3-3 снимают две только у второго игрока
opt-block-strict = Блок из шести: никогда, даже пробегом, если впереди нет шашки соперника
opt-block-final = Блок из шести: проверяется только в конце хода
opt-block-home = Блок из шести: только когда шашка соперника уже зашла в дом
opt-scoring-oin = Счёт: любая победа — 1
opt-scoring-mars = Счёт: оин 1, марс 2
opt-scoring-koks = Счёт: оин 1, марс 2, кокс 3
opt-scoring-home-mars = Счёт: оин 1, марс 2, домашний марс 3
opt-lastRoll-on = Последний бросок: второй игрок ещё может сделать ничью
opt-lastRoll-off = Без последнего броска
opt-opening-reroll = Начало: выигравший жребий бросает заново
opt-opening-lot = Начало: выигравший жребий ходит кубиками жребия
opt-cube-on = С кубиком удвоения
opt-cube-off = Без кубика удвоения
opt-jacoby-on = С правилом Джейкоби
opt-jacoby-off = Без правила Джейкоби
opt-next-loser = Следующая партия: начинает проигравший
opt-next-alternate = Следующая партия: начинают по очереди
opt-next-winner = Следующая партия: начинает победитель
opt-next-lot = Следующая партия: новый жребий

result-oin = оин
result-mars = марс
result-koks = кокс
result-home-mars = домашний марс
result-single = простая партия
result-gammon = марс
result-backgammon = кокс
result-drop = отказ от удвоения
result-draw = ничья

# The game message
caption-pips = пип-счёт { $white } / { $black } · снято { $woff } / { $boff }
caption-cube = куб { $value } · { $owner }
caption-clock = ⏱ { $white } · { $black } · { $delay } с на ход
caption-clock-correspondence = ⏱ сутки на ход
caption-on-time = по времени
clock-none = без часов
clock-blitz = блиц
clock-normal = обычный
clock-casual = спокойный
clock-correspondence = по переписке
clock-delay-text = ⏱ Часы: { $name }, { $delay } с на ход + { $reserve } в запасе
clock-correspondence-text = ⏱ Часы: по переписке, сутки на ход
clock-low = ⏱ Осталось { $seconds } с в партии №{ $game }!
cube-centre = в центре
caption-last = последний ход: { $name } { $dice }: { $play }
caption-turn = { $name } { $dice }: { $play }
caption-turn-auto = { $name } { $dice }: { $play } (вынужденный ход)
caption-no-move = нет хода
caption-roll-or-double = 🎲 { $name }: бросайте или удваивайте
caption-to-move = 🎲 { $dice } · ходит { $name }
caption-double = { $name } удваивает до { $value }. { $other }: принимаете или отказываетесь?
caption-resign-offer = { $name } хочет сдаться: { $kind }. { $other }: принимаете?
caption-wins = { $name } выигрывает: { $kind }, +{ $points }
caption-draw = Ничья
caption-series = серия { $white } : { $black }
caption-match = матч { $white } : { $black }
caption-match-won = { $name } выигрывает матч
caption-next-game = следующая партия начнётся сама через { $seconds } с
caption-lot = жребий: { $a } { $da }, { $b } { $db }: начинает { $starter }
caption-commitment = хеш зерна кубиков (SHA-256): <code>{ $hash }</code>
caption-dice-salt = вторая часть кубиков: <code>{ $salt }</code>
caption-starting = 🎲 Партия начинается в этом сообщении: его номер и время — вторая часть кубиков.
caption-starting-fixed = 🎲 Партия начинается: вторая часть её кубиков уже определена, доска её назовёт.
caption-seed = зерно кубиков: <code>{ $seed }</code>
caption-next-commitment = хеш зерна кубиков следующей партии (SHA-256): <code>{ $hash }</code>
caption-abandoned = ⛔ Эта партия прервана: её турнир отменён.
caption-lapsed = ⛔ Партия отменена несыгранной: вызвавший так в ней и не походил (карточку могли нажать без него).
caption-broken = ⚠️ Запись этой партии повреждена, продолжить её нельзя. Начните новую партию: /play.

btn-roll = 🎲 Бросить
btn-double = ×2 Удвоить
btn-undo = ↩ Отменить
btn-confirm = ✓ Готово
btn-take = ✅ Принять
btn-drop = ❌ Отказаться
btn-accept = ✅ Принять
btn-start-computer = 🎲 Начать
btn-decline = ❌ Отклонить
btn-cancel = Отмена
btn-cancel-challenge = Отменить вызов
btn-rematch = 🔁 Следующая партия
btn-claim = 🏁 Забрать победу
btn-play-here = ▶ Играть в личном чате
btn-open-board = 🎮 Открыть доску
btn-resign-confirm = 🏳 Да, сдаюсь

# Challenges
challenge-open = { $from } вызывает любого желающего: { $game }
challenge-targeted = { $from } вызывает { $to }: { $game }
challenge-computer = { $from } против бота: { $game }. Нажмите 🎲, чтобы начать.
challenge-expires = Вызов действует { $minutes ->
        [one] { $minutes } минуту
        [few] { $minutes } минуты
        [many] { $minutes } минут
       *[other] { $minutes } минуты
    }.
challenge-accepted = Играют { $from } и { $name }. Доска ниже.
challenge-accepted-shared = Играют { $from } и { $name }: доска — в карточке вызова, в том чате, куда вы её отправили.
challenge-declined = { $name } отклоняет вызов: { $game }.
challenge-cancelled = Вызов от { $from } отменён: { $game }.
challenge-expired = Вызов от { $from } никто не принял вовремя: { $game }.
challenge-closed = Вызов от { $from } закрыт: { $game }.
play-usage = Не понимаю «{ $word }». Попробуйте <code>/play</code>, <code>/play short</code>, <code>/play long sport</code>, <code>/play short 5p blitz</code>, <code>/play @friend</code> или <code>/play bot</code>.

# Resigning
resign-none = У вас здесь нет текущей партии.
resign-pick = Какую партию сдать?
resign-confirm-long = Сдать партию против { $name }? Очки посчитаются по текущей позиции.
resign-confirm-short = Сдача в партии против { $name }: сколько очков предложить?
resign-cancelled = Сдача отменена. Играйте дальше!
resign-done = Партия сдана.
resign-offered = Предложение отправлено; соперник ответит кнопками под доской.
resign-moved = С тех пор партия продолжилась; вот вопрос ещё раз.
resign-claimed = Победа засчитана.
resign-offer-answer = { $name } хочет сдаться: { $kind }. Принимаете?
resign-offer-accepted = Сдача принята: партия ваша.
resign-offer-declined = Предложение отклонено. Играйте дальше!
started-minutes = { $n ->
    [one] начата { $n } минуту назад
    [few] начата { $n } минуты назад
   *[other] начата { $n } минут назад
}
started-hours = { $n ->
    [one] начата { $n } час назад
    [few] начата { $n } часа назад
   *[other] начата { $n } часов назад
}
started-days = { $n ->
    [one] начата { $n } день назад
    [few] начата { $n } дня назад
   *[other] начата { $n } дней назад
}

# Idle games
idle-reminder = ⏰ { $name }, ваш ход в партии против { $other }.

# Scores
score-title = Серии в этом чате
score-none = Здесь ещё нет завершённых партий. Начните с /play.
score-games = { $n ->
    [one] { $n } партия
    [few] { $n } партии
    [many] { $n } партий
   *[other] { $n } партии
}
score-over = завершена
top-title = Лучшие игроки: { $variant }
top-row = { $rank }. { $name } · { $points ->
        [one] { $points } очко
        [few] { $points } очка
        [many] { $points } очков
       *[other] { $points } очка
    } · побед: { $wins } из { $games } ({ $rate }%) · рейтинг { NUMBER($rating, useGrouping: 0) }
top-none = Здесь ещё никто не доиграл ни одной партии.
list-more = …и ещё { $n }

# Set-up dialog
new-variant = Во что играем?
new-preset = Какие правила?
new-head = Сколько шашек можно снять с головы на первом ходу?
new-block = Когда разрешён блок из шести пунктов подряд?
new-scoring = Как считается выигрыш?
new-lastRoll = Есть ли у второго игрока последний бросок?
new-opening = Как начинается первый ход?
new-cube = Играть с кубиком удвоения?
new-jacoby = Правило Джейкоби (марс и кокс засчитываются только после удвоения)?
new-next = Кто начинает следующую партию?
new-match = Какой длины матч?
new-match-running = Бессрочная серия
new-match-p3 = До 3 очков
new-match-p5 = До 5 очков
new-match-p7 = До 7 очков
new-match-g3 = 3 партии
new-match-g5 = 5 партий
new-clock = Какие часы?
new-clock-none = Без часов
new-clock-blitz = ⚡ Блиц
new-clock-normal = ⏱ Обычный
new-clock-casual = 🐢 Спокойный
new-clock-correspondence = 📬 Сутки на ход
new-opponent = С кем играете?
new-opponent-open = Любой в этом чате
new-opponent-bot = Бот
new-opponent-name = Игрок по @username
new-ask-username = Ответьте на это сообщение @username соперника (или упомяните его).
new-bad-username = Это не похоже на @username. Ответьте на это сообщение так: @friend.
new-not-yours = Эту настройку начал другой игрок. Начните свою командой /new.
new-closed = Эта настройка закрыта. Начните новую командой /new.
new-replaced = Эту настройку заменила новая команда /new.
new-expired = На эту настройку никто не ответил вовремя. Начните заново командой /new.
new-too-long = Эта настройка слишком затянулась и была закрыта. Начните заново командой /new.
new-wait-username = Жду @username соперника: ответьте на мой вопрос ниже.
new-opponent-friend = Друг, по карточке-вызову
new-cancelled = Настройка отменена.
new-done-bot = Начинаем партию с ботом…

# Languages
lang-pick = Выберите язык:
lang-set = Язык: русский.
lang-en = English
lang-ru = Русский
lang-uk = Українська

# Errors
err-generic = Что-то пошло не так. Попробуйте ещё раз.
err-bad-button = Эта кнопка недействительна.
err-foreign-button = Эта кнопка относится к сообщению из другого чата; здесь она ничего не делает.
err-inactive-button = Эта кнопка больше не активна.
err-stale = Эта доска устарела; вот актуальная.
err-turn-of = Сейчас ходит { $name }.
err-challenge-bot = Бота нельзя вызвать. Чтобы сыграть со мной, отправьте /play bot.
limit-challenges = ⏳ Вы создали много вызовов за последние минуты. Попробуйте через { $minutes } мин.
err-game-over = Эта партия окончена.
private-board-not-player = Открыть здесь доску этой партии могут только её игроки.
err-not-your-turn = Сейчас не ваш ход.
err-wrong-phase = Сейчас этого сделать нельзя.
err-illegal-step = Такой ход не разрешён.
err-nothing-to-undo = Нечего отменять.
err-turn-incomplete = Сначала сыграйте все кубики.
err-cube-unavailable = Сейчас удваивать нельзя.
err-bad-resign = Сначала ответьте на удвоение: отказ завершает партию.
err-not-found = Этой партии или вызова больше нет.
err-bad-input = Неверный ввод.
err-bad-rules = Такие правила недопустимы.
err-self-challenge = Нельзя вызвать самого себя.
err-not-target = Этот вызов адресован другому игроку.
err-not-challenger = Отменить вызов может только его автор.
err-challenge-closed = Этот вызов закрыт.
err-expired = Срок действия вызова истёк.
err-card-used = Эта карточка уже открыла вызов в другом сообщении; здесь она ничего не делает.
err-not-a-player = Вы не участвуете в этой партии.
err-too-early = Забирать победу в этой партии ещё рано.
err-claim-computer = У бота победу забрать нельзя: его ход лишь ждёт, пока он снова сможет писать в чат этой партии (его удалили оттуда или заблокировали), и он сходит, как только сможет.
err-claim-unconfirmed = Вызвавший ещё ничего не сделал в этой партии: его карточку могли нажать без него. Победу у него забрать нельзя; если он так и не сыграет, партия отменится.
err-already-playing = Вы уже играете здесь друг с другом; сначала доиграйте ту партию.
err-game-active = Сначала доиграйте текущую партию.
err-rematch-exists = Следующая партия уже началась.
err-lobby-next-game = Следующая партия этого матча начнётся сама через несколько секунд после предыдущей.
err-series-over = Эта серия завершена.
err-busy = Партия сейчас занята; попробуйте ещё раз.
err-broken = Запись этой партии повреждена, продолжить её нельзя. Начните новую партию: /play.
err-claim-own-turn = Эта кнопка для соперника: вы давно не ходили, и он может забрать победу. Сделайте ход, и кнопка исчезнет.
err-claim-own-offer = Ваше предложение сдаться ждёт ответа соперника ({ $name }), поэтому забрать победу пока нельзя.
err-not-your-question = Ответить может только { $name }.
err-no-computer = Игра с ботом здесь недоступна.
limit-computer-games = У вас уже { $count ->
    [one] идёт { $count } партия
    [few] идут { $count } партии
    [many] идут { $count } партий
   *[other] идут { $count } партии
} со мной. Сначала доиграйте или сдайте одну.

# Help
start-inline-hint = Чтобы сыграть с другом в личном чате, наберите там <code>@{ $bot }</code> и выберите игру.
help =
    <b>Нарды</b>: длинные и короткие нарды (бэкгаммон) прямо в чате.

    <b>Игра</b>
    /play: вызвать любого в этом чате
    /play @friend или /play в ответ на сообщение: вызвать одного человека
    /play short, /play long sport: выбрать игру и правила
    /play bot: сыграть со мной
    /play anyone: рейтинговая партия с соперником вашей силы, в личном чате со мной
    /new: настроить все правила по шагам
    /tournament: турнир в этой группе (/tournament short ko 3p 30m: игра, олимпийка или круговой, длина матча, время записи)
    В любом другом чате наберите @{ $bot } и выберите игру.

    <b>Во время партии</b>
    Нажимайте кнопки под доской: каждая — ход одной шашки (13→7) в вашей нумерации. «Отменить» возвращает на шаг назад, пока ход не завершён.
    /resign: сдаться (в коротких нардах — предложить 1, 2 или 3 очка)

    <b>Ещё</b>
    /score: серии в этом чате · /top: лучшие игроки (/top global: по всем чатам) · /rating: ваш рейтинг · /history: завершённые партии, их анализ, повтор и запись · /rules: правила · /lang: язык
rules-long =
    <b>Длинные нарды</b>
    Все 15 шашек каждого игрока стоят на голове (пункт 24) и идут против часовой стрелки, с 24-го пункта до 1-го, а затем выбрасываются с доски. Ваш дом — пункты 1-6.
    • Пункт, на котором стоит хоть одна шашка соперника, закрыт: на него нельзя ни встать, ни остановиться посреди хода. Бить шашки нельзя.
    • Каждый кубик — отдельный ход; дубль (куш) играется четыре раза. Сыграть нужно как можно больше кубиков; если можно сыграть только один, играется больший.
    • За ход с головы можно снять только одну шашку. На первом ходу правила расходятся (настройка «голова»): классика (6-6, 4-4, 3-3 снимают две, но 4-4 в ответ на первый бросок 5-5 — одну), критерий, дубли, любой бросок, спорт.
    • Шесть пунктов подряд можно держать, только пока впереди них есть шашка соперника (настройка «блок»: строгий — даже пробегом; по итогу — в конце хода; домашний — когда шашка соперника уже зашла в дом).
    • Выбрасывать шашки можно, когда все 15 в доме. Кубик снимает шашку со своего пункта; с младшего — только если выше шашек нет.
    • Счёт (настройка): оин — 1; марс — 2, если проигравший не выбросил ни одной шашки; кокс — 3 или домашний марс — 3 в вариантах, где они считаются. При сдаче очки считаются по позиции на этот момент.
    • Настройки: начало (выигравший жребий бросает заново или ходит кубиками жребия), последний бросок (возможна ничья), кубик удвоения, длина матча, кто начинает следующую партию.
rules-short =
    <b>Короткие нарды (бэкгаммон)</b>
    Обычная расстановка бэкгаммона: 2 на 24, 5 на 13, 3 на 8, 5 на 6. Вы ходите от 24 к 1.
    • Пункт с двумя и более шашками соперника закрыт. Встав на одиночную шашку соперника, вы бьёте её на бар.
    • Шашка с бара сначала должна войти в дом соперника; если войти нельзя, ход пропадает.
    • Сыграть нужно как можно больше кубиков; если можно сыграть только один, играется больший. Дубль играется четыре раза.
    • Выбрасывать шашки можно, когда все 15 в доме; если шашку за это время побили, сначала она должна вернуться домой.
    • Победа — 1 очко, марс — 2 (проигравший не выбросил ни одной шашки), кокс — 3 (и у него ещё есть шашка на баре или в доме победителя); всё это умножается на куб.
    • Кубик удвоения: перед броском можно удвоить, если куб в центре или у вас. Соперник принимает (ставка удваивается, куб переходит к нему) или отказывается (и сразу проигрывает). До 64. В матче действует правило Кроуфорда; правило Джейкоби — настройка для бессрочной серии.
    • Сдаваясь, вы предлагаете простую партию, марс или кокс; соперник принимает или играет дальше.

# Command menu
cmd-play = Вызвать на партию
cmd-new = Настроить партию по шагам
cmd-resign = Сдать партию в этом чате
cmd-score = Счёт серий в этом чате
cmd-top = Лучшие игроки этого чата
cmd-rules = Правила обеих игр
cmd-lang = Выбрать язык
cmd-help = Как играть

# Inline mode
inline-card = { $from } приглашает сыграть: { $game }. Нажмите «Принять», чтобы начать.
inline-description = Вызов, который может принять любой в этом чате
limit-inline = ⏳ Много вызовов за последние минуты: попробуйте через { $minutes } мин.

# Chat settings
cmd-settings = Настройки этого чата
settings-confirm-on = Партии, начатые здесь: каждый ход ждёт нажатия «✓ Готово», так что шаг ещё можно отменить.
settings-confirm-off = Партии, начатые здесь: ход заканчивается, как только сыграна последняя зара.
btn-confirm-on = Спрашивать «✓ Готово» после хода
btn-confirm-off = Заканчивать ход последней зарой
err-admins-only = Менять настройки чата могут только его администраторы.

# Private chat
play-private = Чтобы сыграть с другом, отправьте ему карточку вызова: нажмите кнопку и выберите его чат (или наберите там @{ $bot }). Чтобы сыграть со мной, отправьте /play bot.
btn-send-challenge = 📨 Отправить вызов другу

# После партии
btn-analysis = 📊 Анализ
btn-replay = 🎞 Повтор
btn-record = ⬇ Запись
record-caption = ⬇ Запись партии { $game }. В последних строках — зерно кубиков, вторая часть и хеш зерна: любой может пересчитать каждый бросок.
err-game-gone = Эта партия больше не хранится.
err-game-not-over = Эта партия ещё не окончена.
history-title = Завершённые партии здесь, сначала последние
history-none = Здесь ещё нет завершённых партий. Начните с /play.
limit-command = ⏳ Вы часто просили об этом в последние минуты. Попробуйте через { $minutes } мин.
cmd-history = Последние завершённые партии этого чата
replay-caption = 🎞 Повтор партии { $game }: { $players }. { $result }
replay-making = 🎞 Рисую повтор…
replay-running = 🎞 Этот повтор уже готовится.
replay-sent = 🎞 Повтор этой партии отправлен сюда { $minutes } мин назад: он выше.
record-sent = ⬇ Запись этой партии отправлена сюда { $minutes } мин назад: она выше.
record-sending = ⬇ Эта запись уже в пути.
replay-queued = 🎞 В очереди, номер { $position }. Повтор скоро будет.
replay-needs-private = Чтобы увидеть повтор этой партии, откройте личный чат со мной и нажмите ещё раз.
cmd-analysis = Разбор последней завершённой партии здесь
analysis-none = Здесь ещё нет завершённых партий для разбора. Начните с /play.
analysis-making = 📊 Разбираю каждое решение…
analysis-running = 📊 Эта партия уже разбирается.
analysis-queued = 📊 В очереди, номер { $position }. Разбор появится здесь.
analysis-posted = 📊 Разбор этой партии уже был здесь { $minutes } мин. назад — он выше.
analysis-posted-above = 📊 Разбор этой партии — в сообщении, на которое это отвечает.
queue-person = ⏳ У вас уже несколько запросов в очереди. Попросите снова, когда один будет готов.
queue-chat = ⏳ В этом чате уже несколько запросов в очереди. Попробуйте через минуту.
queue-full = ⏳ Сейчас в очереди много запросов. Попробуйте через несколько минут.
analysis-title = 📊 Разбор { $game }
analysis-player = решений: { $decisions }, ошибок: { $errors }, грубых: { $blunders }; потеряно эквити: { $lost } ({ $perDecision } на решение); удача: { $luck }
analysis-verdict-better = { $name } сыграл(а) лучше; { $luckier } бросал(а) кубики удачнее.
analysis-verdict-even = Оба сыграли одинаково; { $luckier } бросал(а) кубики удачнее.
analysis-pictured = На картинке слева сыгранный ход, справа лучший:
analysis-decision = { $side } ход { $turn }, бросок { $dice }: сыграно { $played } ({ $playedEquity }), лучше { $best } ({ $bestEquity }); потеря { $loss }
analysis-decision-short = { $side } ход { $turn }, { $dice }: { $played }, лучше { $best }; потеря { $loss }
analysis-decision-brief = { $side } ход { $turn }, { $dice }: потеря { $loss }
analysis-player-cube = из них куб и сдачи: решений { $decisions }, ошибок { $errors }, потеряно { $lost }
analysis-cube-decision = { $side } ход { $turn }, куб { $cube }: { $action } ({ $chosenEquity }), лучше { $best } ({ $bestEquity }); потеря { $loss } на куб
analysis-cube-decision-short = { $side } ход { $turn }, куб { $cube }: { $action }, лучше { $best }; потеря { $loss }
analysis-cube-decision-brief = { $side } ход { $turn }, куб { $cube }: потеря { $loss }
analysis-action-double = удвоил
analysis-action-no-double = не удвоил
analysis-action-take = принял удвоение
analysis-action-drop = отказался от удвоения
analysis-action-resign = сдался
analysis-action-play-on = играть дальше
analysis-action-accept = принял сдачу
analysis-action-decline = отклонил сдачу

# Страница с доской
web-resign = 🏳 Сдаться
web-starting = 🎲 Партия начинается…
web-watching = 👀 Вы смотрите эту партию.
web-pips = пип-счёт { $n }
web-your-turn = 🟢 Ваш ход
web-waiting-for = ⏳ Ждём: { $name }
web-offline = Связь потеряна; подключаемся снова…
web-not-sent = ⚠ Ход не отправлен: связь потеряна. Он сохранён здесь и уйдёт, как только связь вернётся.
web-closed-elsewhere = Эта доска открыта у вас в более новых окнах, поэтому здесь она закрыта. Чтобы играть здесь, откройте доску заново из сообщения с партией.
web-turn-of = Ход { $n } из { $total }
web-start = Начало
web-played = Сыграно: { $play }
web-best = Лучше: { $play } (−{ $loss })
web-no-analysis = Разбора пока нет: нажмите 📊 Анализ под доской в чате.
web-inaccuracy = неточность
web-error = ошибка
web-blunder = грубая ошибка
web-denied-auth = Telegram не подтвердил, кто вы. Откройте доску заново из сообщения с партией.
web-denied-expired = Сеанс этой доски истёк (через сутки после открытия). Откройте доску заново из сообщения с партией.
web-denied-not-found = Этой партии здесь нет. Откройте доску из сообщения с партией.
web-denied-not-allowed = Эту партию видят только игроки и участники группы, где она идёт.

# The board page's home: the lobby, opened from the bot's menu button.
web-menu-button = 🎲 Играть
web-home-title = 🎲 Игра с кем угодно
web-home-intro = Рейтинговая партия с соперником вашего уровня, всегда с часами.
web-home-length = Длина
web-home-clock = Часы
web-home-length-of = { $n ->
    [1] 1 партия
    [one] { $n } очко
    [few] { $n } очка
   *[other] { $n } очков
}
web-home-seek-long = 🔎 Длинные нарды
web-home-seek-short = 🔎 Короткие нарды
web-home-waiting = 🔎 Вы ищете соперника: { $game }. Пара найдётся, как только кто-то подойдёт; поиск закончится через 10 минут.
web-home-seeks = Открытые поиски
web-home-no-seeks = Сейчас больше никто не ищет партию. Начните поиск: следующий, кто будет искать ту же игру, попадёт в пару с вами.
web-home-join = ▶ Играть
web-home-rating = рейтинг { $rating }
web-home-games = Ваши партии
web-home-open = Открыть
web-home-vs = { $game } · против: { $name }
web-home-boards = Таблицы лидеров
web-home-all-time = За всё время
web-home-month = В этом месяце
web-home-row-all = { NUMBER($rating, useGrouping: 0) } · { $matches ->
    [one] { $matches } матч
    [few] { $matches } матча
    [many] { $matches } матчей
   *[other] { $matches } матча
}
web-home-row-month = { $sign }{ NUMBER($gained, minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: 0) } · сейчас { NUMBER($rating, useGrouping: 0) }
web-home-you = Ваш рейтинг: { NUMBER($rating, useGrouping: 0) } · { $matches ->
    [one] { $matches } рейтинговый матч
    [few] { $matches } рейтинговых матча
    [many] { $matches } рейтинговых матчей
   *[other] { $matches } рейтингового матча
}
web-home-board-empty = Рейтинговых матчей ещё не было.
web-home-month-empty = В этом месяце рейтинговых матчей ещё не было.
web-home-paired = 🎲 Соперник найден: открываем доску…
web-home-paused = Обновление приостановлено: нажмите «Обновить», чтобы увидеть поиски сейчас.
web-home-refresh = Обновить
web-home-gone = Этот поиск только что закончился: его принял кто-то другой или игрок перестал искать.
web-home-own = Это ваш собственный поиск.
web-home-back = 🏠 На главную
web-find-another = 🔎 Найти ещё

# Турниры
cmd-tournament = Турнир в этой группе
tournament-group-only = Турниры проходят в группах: добавьте меня в группу и отправьте там /tournament.
tournament-bad-args = Не понимаю «{ $word }». Попробуйте /tournament, /tournament short или /tournament long sport ko 3p blitz 30m.
tournament-card-title = Турнир
tournament-format-round-robin = круговой
tournament-format-knockout = олимпийка (на вылет)
tournament-card-format = Формат: { $format }
tournament-card-organiser = Организатор: { $name }
tournament-card-closes = Запись закроется не позже чем через { $minutes } мин; от 3 до 32 игроков. Потом турнир начнётся сам.
tournament-card-players = Игроки ({ $n }):
tournament-card-started = Запись закрыта: игроков { $n }. Таблица — ниже.
tournament-card-cancelled = Турнир отменён.
tournament-card-called-off = Запись закрылась, а игроков меньше 3: турнир не состоится.
btn-t-join = ✋ Участвую
btn-t-leave = Выйти
btn-t-format = 🔀 { $format }
btn-t-match = 🎯 Длина матча
btn-t-clock = ⏱ Часы: { $name }
btn-t-window = ⏱ Время записи
btn-t-start = ▶️ Начать
btn-t-cancel = ✖️ Отменить турнир
btn-t-cancel-finish = Доиграть начатые партии
btn-t-cancel-abandon = Прервать начатые партии
btn-t-back = ↩️ Назад
tournament-joined = Вы в турнире!
tournament-left = Вы вышли из турнира.
tournament-playing = Сейчас играют: { $pairs }
tournament-progress = Сыграно матчей: { $done } из { $total }
tournament-winner = 🏆 { $name } выигрывает турнир!
tournament-dice-commitment = хеш зерна кубиков первых партий матчей (SHA-256): <code>{ $hash }</code>
tournament-dice-seed = зерно кубиков первых партий матчей: <code>{ $seed }</code>
tournament-cancelled = Турнир отменён.
tournament-final = 🏆 { $name } выигрывает турнир!
tournament-place = { $place }. { $name }
tournament-over-cancelled = Турнир отменён; уже сыгранные партии остаются в /score.
tournament-picture-winner = Победитель: { $name }
tournament-col-place = #
tournament-col-player = Игрок
tournament-col-played = И
tournament-col-wins = В
tournament-col-losses = П
tournament-col-points = Очки
tournament-col-diff = +/−
tournament-round-final = Финал
tournament-round-semi = Полуфиналы
tournament-round-quarter = Четвертьфиналы
tournament-round-of = Раунд из { $n } участников
tournament-tbd = ?
tournament-bye = без игры
top-tournaments = 🏆 Выиграно турниров: { $list }
err-tournament-game = В турнире следующая партия открывается сама.
err-abandoned = Эта партия прервана: её турнир отменён.
err-group-only = Турниры проходят в группах.
err-tournament-exists = В этой группе уже идёт турнир; отправьте /tournament, чтобы его увидеть.
err-signup-closed = Запись на этот турнир закрыта.
err-already-entered = Вы уже записаны.
err-tournament-full = Турнир заполнен (32 игрока).
err-not-entered = Вы не записаны на этот турнир.
err-not-organiser = Это может только организатор.
err-not-organiser-or-admin = Отменить турнир может только организатор или администратор группы.
err-too-few-players = Для турнира нужно хотя бы 3 игрока.
err-tournament-over = Этот турнир окончен.
btn-seek-find = 🎲 Найти соперника
btn-seek-long = 🎲 Длинные нарды
btn-seek-short = 🎲 Короткие нарды
seek-pick = 🎲 Какая игра? Я подберу соперника вашей силы: одна рейтинговая партия, обычные часы. Другие условия можно задать так: <code>/play anyone short 5p blitz</code>.
seek-held-out = ⛔ За сутки вы проиграли три партии лобби по времени, не сделав ни хода, поэтому лобби закрыто для вас ещё { $minutes } мин.
seek-held-out-now = ⛔ Это третья за сутки партия лобби, проигранная по времени без единого хода: лобби закрыто для вас на { $minutes } мин.
err-held-out = За сутки вы проиграли три партии лобби по времени, не сделав ни хода: лобби закрыто для вас на час после последней.
new-opponent-tournament = 🏆 Турнир для этой группы
new-format = Какой формат турнира?
new-done-tournament = 🏆 Запись на турнир открыта: карточка ниже.
review-players-only = Разбор и запись этой партии доступны только её игрокам.

# A chat flooded with requests: some replies were dropped.
outbox-full = ⏳ Слишком много запросов сразу: часть ответов пропущена. Подождите минуту, прежде чем спрашивать снова.
# A press not handled because its chat or its presser sent too much at once.
press-busy = ⏳ Слишком много всего сразу: это нажатие пропущено. Попробуйте ещё раз чуть позже.

# The board page: a player clock's two figures (what is left of the move's delay, then the reserve).
web-clock = ⏱ Осталось на ход + в запасе

# The rating across chats (FIBS's formula, rated games only): /rating and /top global.
cmd-rating = Ваш рейтинг во всех чатах и его график
rating-title = Рейтинг: { $name }
rating-subtitle = Во всех чатах, по формуле FIBS
rating-axis = рейтинговые матчи
rating-line = { $variant }: <b>{ NUMBER($rating, useGrouping: 0) }</b> · { $matches ->
    [one] { $matches } рейтинговый матч
    [few] { $matches } рейтинговых матча
    [many] { $matches } рейтинговых матчей
   *[other] { $matches } рейтингового матча
}
rating-line-none = { $variant }: 1500 · рейтинговых матчей ещё не было
rating-none = У вас ещё нет рейтинговых матчей: все начинают с 1500. Рейтинговыми считаются партии с любым соперником, найденным через все чаты; партии с друзьями в чате идут только в /top этого чата.
top-global-title = 🌍 <b>Рейтинг, { $variant }: за всё время</b>
top-global-month = 🌍 <b>Рейтинг, { $variant }: прирост за этот месяц</b>
top-global-row = { $rank }. { $name } · { NUMBER($rating, useGrouping: 0) } · { $matches ->
    [one] { $matches } матч
    [few] { $matches } матча
    [many] { $matches } матчей
   *[other] { $matches } матча
}
top-global-month-row = { $rank }. { $name } · { $sign }{ NUMBER($gained, minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: 0) } · сейчас { NUMBER($rating, useGrouping: 0) }
top-global-month-none = В этом месяце рейтинговых матчей ещё не было.
top-global-none = Рейтинговых матчей ещё никто не сыграл: рейтинговыми считаются партии с любым соперником, найденным через все чаты. /top показывает таблицу этого чата.

# Лобби: партия с любым соперником из любых чатов.
seek-private-only = Соперника ищут в личном чате со мной: откройте его и отправьте там /play anyone.
seek-waiting = 🔎 Ищу соперника: { $game } · ⏱ { $clock }. Я напишу здесь, когда найду; поиск закончится через 10 минут.
seek-already = 🔎 Вы уже ищете партию; остановите тот поиск, чтобы начать другой.
seek-bad = Такую партию искать нельзя: в лобби играют матчи от 1 до 11 очков, всегда с часами (блиц, обычный или спокойный).
seek-paired = 🎲 Соперник найден: { $name } (рейтинг { NUMBER($rating, useGrouping: 0) }). Доска ниже; партия рейтинговая.
seek-paired-unrated = 🎲 Соперник найден: { $name } (рейтинг { NUMBER($rating, useGrouping: 0) }). Доска ниже; этот матч не рейтинговый: одни и те же двое играют не больше трёх рейтинговых матчей в лобби за сутки, а вход из списка рейтинговый только в пределах разницы рейтингов, какую допускает подбор.
seek-lapsed = За 10 минут никого не нашлось, поиск закончен. Отправьте /play anyone, чтобы искать снова.
seek-offer-bot = 🤖 Пока никого. Можно подождать ещё или сыграть пока с ботом: /play bot.
seek-cancelled = Поиск остановлен.
seek-none = Вы не ищете партию.
btn-seek-cancel = ✖️ Остановить поиск

# Strangers paired in the lobby: set phrases, /block, /report, the @username.
phrase-hello = 👋 Привет
phrase-luck = 🍀 Удачи
phrase-gg = 👍 Хорошая игра
phrase-thanks = 🙏 Спасибо
phrase-from = { $name } пишет: { $phrase }
phrase-after = 🏁 Партия #{ $game } окончена. Пара слов сопернику?
phrase-sent = Отправлено. { $left ->
    [0] Это была последняя фраза в этой партии.
    [one] В этой партии осталась { $left } фраза.
    [few] В этой партии осталось { $left } фразы.
   *[other] В этой партии осталось { $left } фраз.
}
phrase-used-up = Больше фраз в этой партии нельзя: не больше четырёх.
phrase-over = Та партия давно окончена: фразы можно отправлять во время партии и 10 минут после неё.
phrase-not-player = Фразы этой партии могут отправлять только два её игрока.
phrase-blocked = Не отправлено: один из вас заблокировал другого.
strangers-private-only = /block и /report — для ваших партий с незнакомцами из лобби: отправьте их мне в личном чате.
strangers-free-text = 💬 То, что вы пишете здесь, не доходит до соперника в партии #{ $game }: между незнакомцами передаются только готовые фразы, как кнопки ниже (четыре за партию). Если нужно, здесь же работают /block и /report.
block-done = 🚫 Заблокирован соперник: { $name } (партия #{ $game }). Лобби больше никогда не сведёт вас; /unblock снимает блокировку.
block-already = { $name } (партия #{ $game }) уже в вашем списке блокировок.
block-no-game = У вас нет партии с незнакомцем из лобби. /block и /report действуют на вашу текущую или последнюю такую партию либо на названную: /block #12, /report #12 причина.
block-full = Вы заблокировали 200 человек — это предел. /unblock снимает последнюю блокировку.
unblock-done = Блокировка снята: { $name }. Лобби снова может свести вас.
unblock-none = Вы никого не блокировали.
report-done = Спасибо: жалоба на партию #{ $game } принята, оператор её рассмотрит.
report-already = На партию #{ $game } вы уже пожаловались.
report-limit = Сегодня вы уже отправили 5 жалоб — это предел; завтра можно снова.
settings-username-on = Незнакомцы из лобби видят ваше имя, рейтинг и @username.
settings-username-off = Незнакомцы из лобби видят только ваше имя и рейтинг, без @username.
btn-username-on = Показывать мой @username незнакомцам
btn-username-off = Скрыть мой @username от незнакомцев
cmd-block = Больше не играть с последним соперником из лобби
cmd-report = Пожаловаться на последнего соперника из лобби
