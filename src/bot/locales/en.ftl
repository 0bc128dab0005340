# Games and rules
variant-long = long nardy
variant-short = short nardy
preset-classic = classic
preset-sport = sport
preset-standard = standard
preset-custom = custom rules
match-running = running series
match-points = { $n ->
    [one] to { $n } point
   *[other] to { $n } points
}
match-games = { $n ->
    [one] { $n } game
   *[other] { $n } games
}

opt-head-classic = Head: 6-6, 4-4, 3-3 take two on the first turn (not 4-4 after 5-5)
opt-head-criterion = Head: a second checker on the first 6-6, 4-4, 3-3 when one cannot play them all
opt-head-doubles = Head: any first-turn double takes two
opt-head-wide = Head: any first roll takes two
opt-head-sport = Head: 6-6, 4-4, 3-3 take two for the second player only
opt-block-strict = Six-block: never, not even in passing, without a checker ahead
opt-block-final = Six-block: checked at the end of the turn only
opt-block-home = Six-block: only once an opponent checker is home
opt-scoring-oin = Scoring: every win is 1
opt-scoring-mars = Scoring: oin 1, mars 2
opt-scoring-koks = Scoring: oin 1, mars 2, koks 3
opt-scoring-home-mars = Scoring: oin 1, mars 2, home mars 3
opt-lastRoll-on = Last roll: the second player may still draw
opt-lastRoll-off = No last roll
opt-opening-reroll = Opening: the winner of the lot rolls again
opt-opening-lot = Opening: the winner plays the lot dice
opt-cube-on = Doubling cube on
opt-cube-off = No doubling cube
opt-jacoby-on = Jacoby rule on
opt-jacoby-off = No Jacoby rule
opt-next-loser = Next game: the loser starts
opt-next-alternate = Next game: players take turns to start
opt-next-winner = Next game: the winner starts
opt-next-lot = Next game: a new lot

result-oin = an oin
result-mars = a mars
result-koks = a koks
result-home-mars = a home mars
result-single = a single game
result-gammon = a gammon
result-backgammon = a backgammon
result-drop = a dropped double
result-draw = a draw

# The game message
caption-pips = pips { $white } / { $black } · off { $woff } / { $boff }
caption-cube = cube { $value } · { $owner }
caption-clock = ⏱ { $white } · { $black } · { $delay } s a move
caption-clock-correspondence = ⏱ a day a move
caption-on-time = on time
clock-none = no clock
clock-blitz = blitz
clock-normal = normal
clock-casual = casual
clock-correspondence = correspondence
clock-delay-text = ⏱ Clock: { $name }, { $delay } s a move + { $reserve } in reserve
clock-correspondence-text = ⏱ Clock: correspondence, a day a move
clock-low = ⏱ { $seconds } s left in game #{ $game }!
cube-centre = centred
caption-last = last: { $name } { $dice }: { $play }
caption-turn = { $name } { $dice }: { $play }
caption-turn-auto = { $name } { $dice }: { $play } (forced)
caption-no-move = no move
caption-roll-or-double = 🎲 { $name }: roll or double
caption-to-move = 🎲 { $dice } · { $name } to move
caption-double = { $name } doubles to { $value }. { $other }: take or drop?
caption-resign-offer = { $name } offers to resign with { $kind }. { $other }: accept?
caption-wins = { $name } wins { $kind }: +{ $points }
caption-draw = A draw
caption-series = series { $white } : { $black }
caption-match = match { $white } : { $black }
caption-match-won = { $name } wins the match
caption-next-game = the next game starts by itself in { $seconds } s
caption-lot = lot: { $a } { $da }, { $b } { $db }: { $starter } starts
caption-commitment = dice commitment (SHA-256): <code>{ $hash }</code>
caption-dice-salt = dice second part: <code>{ $salt }</code>
caption-starting = 🎲 The game starts in this message: its number and time are the dice's second part.
caption-starting-fixed = 🎲 The game is starting: its dice's second part is fixed already, and its board names it.
caption-seed = dice seed: <code>{ $seed }</code>
caption-next-commitment = next game's dice commitment (SHA-256): <code>{ $hash }</code>
caption-abandoned = ⛔ This game was dropped when its tournament was cancelled.
caption-lapsed = ⛔ This game lapsed unplayed: its challenger never acted in it (the card may have been pressed without them).
caption-broken = ⚠️ This game's record is damaged, so it cannot go on. Start a new game with /play.

btn-roll = 🎲 Roll
btn-double = ×2 Double
btn-undo = ↩ Undo
btn-confirm = ✓ Done
btn-take = ✅ Take
btn-drop = ❌ Drop
btn-accept = ✅ Accept
btn-start-computer = 🎲 Start
btn-decline = ❌ Decline
btn-cancel = Cancel
btn-cancel-challenge = Cancel challenge
btn-rematch = 🔁 Next game
btn-claim = 🏁 Claim the win
btn-play-here = ▶ Play in private chat
btn-open-board = 🎮 Open board
btn-resign-confirm = 🏳 Yes, resign

# Challenges
challenge-open = { $from } challenges anyone to { $game }
challenge-targeted = { $from } challenges { $to } to { $game }
challenge-computer = { $from } against the bot: { $game }. Press 🎲 to start.
challenge-expires = The challenge is open for { $minutes } min.
challenge-accepted = { $from } and { $name } are playing. The board is below.
challenge-accepted-shared = { $from } and { $name } are playing: the board is in the challenge card, in the chat you sent it to.
challenge-declined = { $name } declined the challenge to { $game }.
challenge-cancelled = { $from } cancelled the challenge to { $game }.
challenge-expired = Nobody accepted { $from }'s challenge to { $game } in time.
challenge-closed = { $from }'s challenge to { $game } is closed.
play-usage = I don't know “{ $word }”. Try <code>/play</code>, <code>/play short</code>, <code>/play long sport</code>, <code>/play short 5p blitz</code>, <code>/play @friend</code> or <code>/play bot</code>.

# Resigning
resign-none = You have no game in progress here.
resign-pick = Which game do you resign?
resign-confirm-long = Resign the game against { $name }? It is scored from the position now.
resign-confirm-short = Offer { $name } your resignation: how many points?
resign-cancelled = Not resigned. Play on!
resign-done = Resigned.
resign-offered = Offer sent; your opponent decides on the board.
resign-moved = The game has moved on since you asked; here is the question again.
resign-claimed = The win is claimed.
resign-offer-answer = { $name } offers to resign with { $kind }. Do you accept?
resign-offer-accepted = Resignation accepted: the game is yours.
resign-offer-declined = Offer declined. Play on!
started-minutes = { $n ->
    [one] started { $n } minute ago
   *[other] started { $n } minutes ago
}
started-hours = { $n ->
    [one] started { $n } hour ago
   *[other] started { $n } hours ago
}
started-days = { $n ->
    [one] started { $n } day ago
   *[other] started { $n } days ago
}

# Idle games
idle-reminder = ⏰ { $name }, it's your move against { $other }.

# Scores
score-title = Series in this chat
score-none = No games finished here yet. Start one with /play.
score-games = { $n ->
    [one] { $n } game
   *[other] { $n } games
}
score-over = finished
top-title = Top players: { $variant }
top-row = { $rank }. { $name } · { $points ->
    [one] { $points } pt
   *[other] { $points } pts
} · { $wins }/{ $games } won ({ $rate }%) · rating { NUMBER($rating, useGrouping: 0) }
top-none = Nobody has finished a game here yet.
list-more = …and { $n } more

# Set-up dialog
new-variant = Which game?
new-preset = Which rules?
new-head = How many checkers may leave the head on the first turn?
new-block = When is a six-point block allowed?
new-scoring = How is a win scored?
new-lastRoll = Does the second player get a last roll?
new-opening = How does the first turn begin?
new-cube = Play with the doubling cube?
new-jacoby = The Jacoby rule (gammons count only after a double)?
new-next = Who starts the next game?
new-match = How long is the match?
new-match-running = Running series
new-match-p3 = To 3 points
new-match-p5 = To 5 points
new-match-p7 = To 7 points
new-match-g3 = 3 games
new-match-g5 = 5 games
new-clock = Which clock?
new-clock-none = No clock
new-clock-blitz = ⚡ Blitz
new-clock-normal = ⏱ Normal
new-clock-casual = 🐢 Casual
new-clock-correspondence = 📬 A day a move
new-opponent = Who do you play?
new-opponent-open = Anyone here
new-opponent-bot = The bot
new-opponent-name = A player by @username
new-ask-username = Reply to this message with your opponent's @username (or mention them).
new-bad-username = That is not a username. Reply to this message with it, like @friend.
new-not-yours = This set-up belongs to someone else. Start your own with /new.
new-closed = This set-up is closed. Start a new one with /new.
new-replaced = This set-up was replaced by a newer /new.
new-expired = Nobody answered this set-up in time. Start again with /new.
new-too-long = This set-up went on too long and was closed. Start again with /new.
new-wait-username = Waiting for your opponent's @username: reply to my question below.
new-opponent-friend = A friend, with a challenge card
new-cancelled = Set-up cancelled.
new-done-bot = Starting a game against the bot…

# Languages
lang-pick = Choose your language:
lang-set = Language set: English.
lang-en = English
lang-ru = Русский
lang-uk = Українська

# Errors
err-generic = Something went wrong. Please try again.
err-bad-button = This button is not valid.
err-foreign-button = This button belongs to another chat's message; it does nothing here.
err-inactive-button = This button is no longer active.
err-stale = This board is out of date; here is the current one.
err-turn-of = It's { $name }'s turn.
err-challenge-bot = You cannot challenge a bot. To play me, send /play bot.
limit-challenges = ⏳ You have made many challenges in the last few minutes. Try again in { $minutes } min.
err-game-over = This game is over.
private-board-not-player = Only the players of that game can open its board here.
err-not-your-turn = It's not your turn.
err-wrong-phase = That cannot be done now.
err-illegal-step = That move is not allowed.
err-nothing-to-undo = Nothing to undo.
err-turn-incomplete = Play all your dice first.
err-cube-unavailable = You cannot double now.
err-bad-resign = Answer the double first: dropping it ends the game.
err-not-found = This game or challenge no longer exists.
err-bad-input = That is not valid input.
err-bad-rules = Those rules are not valid.
err-self-challenge = You cannot challenge yourself.
err-not-target = This challenge is for someone else.
err-not-challenger = Only the challenger can cancel it.
err-challenge-closed = This challenge is closed.
err-expired = This challenge has expired.
err-card-used = This card has already started a challenge in another message; here it does nothing.
err-not-a-player = You are not playing in this game.
err-too-early = It's too early to claim this game.
err-claim-computer = A game cannot be claimed from the bot: its move is only waiting until it can reach this game's chat again (it was removed or blocked there), and it plays as soon as it can.
err-claim-unconfirmed = The challenger has not acted in this game yet: their card may have been pressed without them. It cannot be claimed from them; if they never play, it lapses unplayed.
err-already-playing = You already play each other here; finish that game first.
err-game-active = Finish the current game first.
err-rematch-exists = The next game has already started.
err-lobby-next-game = The next game of this match starts by itself a few seconds after the last one.
err-series-over = This series is over.
err-busy = The game is busy; please try again.
err-broken = This game's record is damaged, so it cannot go on. Start a new game with /play.
err-claim-own-turn = This button is for your opponent: you have not moved for a long time, so they may claim the win. Make your move and it goes away.
err-claim-own-offer = Your resignation offer is waiting for { $name }'s answer, so you cannot claim the win meanwhile.
err-not-your-question = Only { $name } can answer this.
err-no-computer = Games against the bot are not available here.
limit-computer-games = You already have { $count } { $count ->
    [one] game
   *[other] games
} against me going. Finish or resign one first.

# Help
start-inline-hint = To play a friend in your private chat, type <code>@{ $bot }</code> there and pick a game.
help =
    <b>Nardy</b>: long nardy and short nardy (backgammon) right in the chat.

    <b>Play</b>
    /play: challenge anyone in this chat
    /play @friend, or /play as a reply: challenge one person
    /play short, /play long sport: pick the game and rules
    /play bot: play against me
    /play anyone: a rated game against someone of your strength, in private with me
    /new: choose every rule step by step
    /tournament: a tournament in this group (/tournament short ko 3p 30m: game, knock-out or round robin, match length, sign-up time)
    In any other chat, type @{ $bot } and pick a game.

    <b>During a game</b>
    Tap the buttons under the board: each shows one checker move (13→7) in your numbering. Undo takes a step back until your turn ends.
    /resign: give up (in short nardy: offer 1, 2 or 3 points)

    <b>More</b>
    /score: series in this chat · /top: leaderboard (/top global: across chats) · /rating: your rating · /history: finished games, their analysis, replay and record · /rules: the rules · /lang: language
rules-long =
    <b>Long nardy</b>
    Each player starts with all 15 checkers on the head (point 24) and moves them counter-clockwise, from 24 down to 1, then bears them off. Your home is points 1-6.
    • A point with any opponent checker is closed: you cannot land there or stop there in the middle of a move. There is no hitting.
    • Each die is a separate step; a double is played four times. You must play as many dice as possible; if only one die can be played, it must be the larger one.
    • Only one checker may leave the head per turn. On the first turn the rules differ (option "head"): classic (6-6, 4-4, 3-3 take two, but 4-4 after an opening 5-5 takes one), criterion, doubles, wide, sport.
    • Six points in a row may only be held while an opponent checker is ahead of them (option "block": strict, also in passing; final, at the end of the turn; home, once an opponent checker is home).
    • Bearing off starts when all 15 are home. A die bears off from its own point; from a lower point only if no checker stands higher.
    • Scoring (option): oin 1; mars 2 if the loser bore off none; koks 3 or home mars 3 in the variants that count them. Resigning scores the position at that moment.
    • Options: opening (the lot winner rolls again or plays the lot), last roll (a draw is possible), doubling cube, match length, who starts the next game.
rules-short =
    <b>Short nardy (backgammon)</b>
    The standard backgammon set-up: 2 on 24, 5 on 13, 3 on 8, 5 on 6. You move from 24 to 1.
    • A point with two or more opponent checkers is closed. Landing on a single opponent checker hits it to the bar.
    • A checker on the bar must enter the opponent's home first; if it cannot, the turn passes.
    • Play as many dice as possible; if only one can be played, the larger. Doubles are played four times.
    • Bear off once all 15 are home; a checker hit meanwhile must come home again first.
    • A win is 1 point, a gammon 2 (loser bore off none), a backgammon 3 (and still has a checker on the bar or in the winner's home), times the cube.
    • Doubling cube: before rolling, double if the cube is centred or yours. The opponent takes (the stake doubles, the cube is theirs) or drops (losing at once). Up to 64. In a match the Crawford rule applies; Jacoby is an option in running series.
    • Resigning offers a single, a gammon or a backgammon; the opponent accepts or plays on.

# Command menu
cmd-play = Challenge someone to a game
cmd-new = Set up a game step by step
cmd-resign = Resign your game here
cmd-score = Series scores in this chat
cmd-top = Leaderboard of this chat
cmd-rules = The rules of both games
cmd-lang = Choose your language
cmd-help = How to play

# Inline mode
inline-card = { $from } invites you to play { $game }. Press Accept to start.
inline-description = A challenge anyone in this chat can accept
limit-inline = ⏳ Many challenges just now: try again in { $minutes } min

# Chat settings
cmd-settings = Settings of this chat
settings-confirm-on = Games started here: each turn waits for a ✓ Done press, so a step can still be undone.
settings-confirm-off = Games started here: a turn ends as soon as its last die is played.
btn-confirm-on = Ask for ✓ Done after each turn
btn-confirm-off = End turns with the last die
err-admins-only = Only the chat's admins can change its settings.

# Private chat
play-private = To play a friend, send them a challenge card: press the button and pick their chat (or type @{ $bot } in it). To play me, send /play bot.
btn-send-challenge = 📨 Send a challenge to a friend

# After the game
btn-analysis = 📊 Analysis
btn-replay = 🎞 Replay
btn-record = ⬇ Record
record-caption = ⬇ The record of { $game }. Its last lines hold the dice seed, its second part and the commitment: anyone can recompute every roll.
err-game-gone = This game is no longer stored.
err-game-not-over = This game is not over yet.
history-title = Finished games here, newest first
history-none = No finished games here yet. Start one with /play.
limit-command = ⏳ You have asked for this often in the last few minutes. Try again in { $minutes } min.
cmd-history = The last finished games in this chat
replay-caption = 🎞 Replay of { $game }: { $players }. { $result }
replay-making = 🎞 Drawing the replay…
replay-running = 🎞 This replay is on its way already.
replay-sent = 🎞 This game's replay was sent here { $minutes } min ago: it is above.
record-sent = ⬇ This game's record was sent here { $minutes } min ago: it is above.
record-sending = ⬇ This record is on its way already.
replay-queued = 🎞 In the queue, number { $position }. The replay will follow.
replay-needs-private = To see the replay of this game, start a private chat with me and press again.
cmd-analysis = Analysis of the last finished game here
analysis-none = No finished game here yet to analyse. Start one with /play.
analysis-making = 📊 Analysing every decision…
analysis-running = 📊 This game is being analysed already.
analysis-queued = 📊 In the queue, number { $position }. The analysis will follow here.
analysis-posted = 📊 This game's analysis was posted here { $minutes } min ago: it is above.
analysis-posted-above = 📊 This game's analysis is in the message this replies to.
queue-person = ⏳ You already have several requests waiting. Ask again when one is done.
queue-chat = ⏳ This chat already has several requests waiting. Ask again in a minute.
queue-full = ⏳ Many requests are waiting just now. Try again in a few minutes.
analysis-title = 📊 Analysis of { $game }
analysis-player = decisions: { $decisions }, errors: { $errors }, blunders: { $blunders }; equity lost: { $lost } ({ $perDecision } per decision); luck: { $luck }
analysis-verdict-better = { $name } played better; { $luckier } had the better dice.
analysis-verdict-even = Both played alike; { $luckier } had the better dice.
analysis-pictured = In the picture, the play made on the left, the best on the right:
analysis-decision = { $side } turn { $turn }, roll { $dice }: played { $played } ({ $playedEquity }), best { $best } ({ $bestEquity }); lost { $loss }
analysis-decision-short = { $side } turn { $turn }, { $dice }: { $played }, best { $best }; lost { $loss }
analysis-decision-brief = { $side } turn { $turn }, { $dice }: lost { $loss }
analysis-player-cube = of them cube and resignations: { $decisions } decisions, { $errors } errors, { $lost } lost
analysis-cube-decision = { $side } turn { $turn }, cube { $cube }: { $action } ({ $chosenEquity }), best { $best } ({ $bestEquity }); lost { $loss } per cube
analysis-cube-decision-short = { $side } turn { $turn }, cube { $cube }: { $action }, best { $best }; lost { $loss }
analysis-cube-decision-brief = { $side } turn { $turn }, cube { $cube }: lost { $loss }
analysis-action-double = doubled
analysis-action-no-double = did not double
analysis-action-take = took
analysis-action-drop = dropped
analysis-action-resign = resigned
analysis-action-play-on = play on
analysis-action-accept = accepted the resignation
analysis-action-decline = declined the resignation

# The board page
web-resign = 🏳 Resign
web-starting = 🎲 The game is starting…
web-watching = 👀 You are watching this game.
web-pips = pips { $n }
web-your-turn = 🟢 Your turn
web-waiting-for = ⏳ Waiting for { $name }
web-offline = Connection lost; reconnecting…
web-not-sent = ⚠ Your move was not sent: the connection is lost. It is kept here and goes as soon as the connection is back.
web-closed-elsewhere = This board is open in newer pages of yours, so this one has closed. Open the board again from the game's message to use it here.
web-turn-of = Turn { $n } of { $total }
web-start = Start
web-played = Played: { $play }
web-best = Best: { $play } (−{ $loss })
web-no-analysis = No analysis yet: press 📊 Analysis under the board in the chat.
web-inaccuracy = inaccuracy
web-error = error
web-blunder = blunder
web-denied-auth = Telegram could not confirm who you are. Open the board again from the game's message.
web-denied-expired = This board's session has expired (a day after it was opened). Open the board again from the game's message.
web-denied-not-found = This game is not stored here. Open the board from the game's message.
web-denied-not-allowed = Only the players and the members of the game's group can see this game.

# The board page's home: the lobby, opened from the bot's menu button.
web-menu-button = 🎲 Play
web-home-title = 🎲 Play anyone
web-home-intro = A rated game against someone of your strength, always on a clock.
web-home-length = Length
web-home-clock = Clock
web-home-length-of = { $n ->
    [1] 1 game
    [one] { $n } point
   *[other] { $n } points
}
web-home-seek-long = 🔎 Long nardy
web-home-seek-short = 🔎 Short nardy
web-home-waiting = 🔎 You are looking for an opponent: { $game }. You are paired as soon as someone fits; the search lapses in 10 minutes.
web-home-seeks = Open searches
web-home-no-seeks = Nobody else is looking right now. Start a search: whoever looks next for the same game is paired with you.
web-home-join = ▶ Play
web-home-rating = rating { $rating }
web-home-games = Your games
web-home-open = Open
web-home-vs = { $game } · against { $name }
web-home-boards = Leaderboards
web-home-all-time = All time
web-home-month = This month
web-home-row-all = { NUMBER($rating, useGrouping: 0) } · { $matches ->
    [one] { $matches } match
   *[other] { $matches } matches
}
web-home-row-month = { $sign }{ NUMBER($gained, minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: 0) } · now { NUMBER($rating, useGrouping: 0) }
web-home-you = Your rating: { NUMBER($rating, useGrouping: 0) } · { $matches ->
    [one] { $matches } rated match
   *[other] { $matches } rated matches
}
web-home-board-empty = No rated match yet.
web-home-month-empty = No rated match this month yet.
web-home-paired = 🎲 Opponent found: opening the board…
web-home-paused = Paused: tap Refresh to see the searches as they are now.
web-home-refresh = Refresh
web-home-gone = That search has just ended: someone else took it, or its seeker stopped looking.
web-home-own = That is your own search.
web-home-back = 🏠 Home
web-find-another = 🔎 Find another

# Tournaments
cmd-tournament = A tournament in this group
tournament-group-only = Tournaments are played in groups: add me to one and send /tournament there.
tournament-bad-args = I don't know "{ $word }". Try /tournament, /tournament short, or /tournament long sport ko 3p blitz 30m.
tournament-card-title = Tournament
tournament-format-round-robin = round robin
tournament-format-knockout = knock-out
tournament-card-format = Format: { $format }
tournament-card-organiser = Organiser: { $name }
tournament-card-closes = Sign-up closes within { $minutes } min; 3 to 32 players. Then it starts by itself.
tournament-card-players = Players ({ $n }):
tournament-card-started = Sign-up is closed: { $n } players. The standings follow below.
tournament-card-cancelled = This tournament was cancelled.
tournament-card-called-off = Sign-up closed with fewer than 3 players, so the tournament is off.
btn-t-join = ✋ Join
btn-t-leave = Leave
btn-t-format = 🔀 { $format }
btn-t-match = 🎯 Match length
btn-t-clock = ⏱ Clock: { $name }
btn-t-window = ⏱ Sign-up time
btn-t-start = ▶️ Start
btn-t-cancel = ✖️ Cancel tournament
btn-t-cancel-finish = Let games finish
btn-t-cancel-abandon = Drop games in progress
btn-t-back = ↩️ Back
tournament-joined = You're in!
tournament-left = You left the tournament.
tournament-playing = Playing now: { $pairs }
tournament-progress = Matches played: { $done } of { $total }
tournament-winner = 🏆 { $name } wins the tournament!
tournament-dice-commitment = dice commitment of each match's first game (SHA-256): <code>{ $hash }</code>
tournament-dice-seed = dice seed of each match's first game: <code>{ $seed }</code>
tournament-cancelled = The tournament was cancelled.
tournament-final = 🏆 { $name } wins the tournament!
tournament-place = { $place }. { $name }
tournament-over-cancelled = The tournament was cancelled; games already finished still count in /score.
tournament-picture-winner = Winner: { $name }
tournament-col-place = #
tournament-col-player = Player
tournament-col-played = P
tournament-col-wins = W
tournament-col-losses = L
tournament-col-points = Points
tournament-col-diff = +/−
tournament-round-final = Final
tournament-round-semi = Semi-finals
tournament-round-quarter = Quarter-finals
tournament-round-of = Round of { $n }
tournament-tbd = ?
tournament-bye = bye
top-tournaments = 🏆 Tournaments won: { $list }
err-tournament-game = In a tournament the next game opens by itself.
err-abandoned = This game was dropped when its tournament was cancelled.
err-group-only = Tournaments are played in groups.
err-tournament-exists = This group already has a tournament; send /tournament to see it.
err-signup-closed = Sign-up for this tournament is closed.
err-already-entered = You are in already.
err-tournament-full = The tournament is full (32 players).
err-not-entered = You have not joined this tournament.
err-not-organiser = Only the organiser can do this.
err-not-organiser-or-admin = Only the organiser or an admin of this group can call the tournament off.
err-too-few-players = A tournament needs at least 3 players.
err-tournament-over = This tournament is over.
btn-seek-find = 🎲 Find an opponent
btn-seek-long = 🎲 Long nardy
btn-seek-short = 🎲 Short nardy
seek-pick = 🎲 Which game? You will be paired with someone of your strength: one rated game on a normal clock. For other terms send, for example, <code>/play anyone short 5p blitz</code>.
seek-held-out = ⛔ You lost three lobby games on time without a move within a day, so the lobby is closed to you for { $minutes } min more.
seek-held-out-now = ⛔ That was your third lobby game within a day lost on time without a move: the lobby is closed to you for the next { $minutes } min.
err-held-out = You lost three lobby games on time without a move within a day: the lobby is closed to you for an hour after the last.
new-opponent-tournament = 🏆 A tournament for this group
new-format = Which tournament format?
new-done-tournament = 🏆 The tournament's sign-up is open: see the card below.
review-players-only = Only the two players can see this game's analysis and record.

# A chat flooded with requests: some replies were dropped.
outbox-full = ⏳ Too many requests here at once: some replies were dropped. Please wait a minute before asking again.
# A press not handled because its chat or its presser sent too much at once.
press-busy = ⏳ Too much at once here: this press was skipped. Please try again in a moment.

# The board page: a player clock's two figures (what is left of the move's delay, then the reserve).
web-clock = ⏱ Left for this move + in reserve

# The rating across chats (FIBS's formula, rated games only): /rating and /top global.
cmd-rating = Your rating across chats, with its chart
rating-title = Rating of { $name }
rating-subtitle = Across chats, by the FIBS formula
rating-axis = rated matches
rating-line = { $variant }: <b>{ NUMBER($rating, useGrouping: 0) }</b> · { $matches ->
    [one] { $matches } rated match
   *[other] { $matches } rated matches
}
rating-line-none = { $variant }: 1500 · no rated match yet
rating-none = You have no rated match yet: everyone starts at 1500. Games against anyone, found across chats, are rated; games with friends in a chat count in that chat's /top only.
top-global-title = 🌍 <b>Rating, { $variant }: all time</b>
top-global-month = 🌍 <b>Rating, { $variant }: gained this month</b>
top-global-row = { $rank }. { $name } · { NUMBER($rating, useGrouping: 0) } · { $matches ->
    [one] { $matches } match
   *[other] { $matches } matches
}
top-global-month-row = { $rank }. { $name } · { $sign }{ NUMBER($gained, minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: 0) } · now { NUMBER($rating, useGrouping: 0) }
top-global-month-none = No rated match this month yet.
top-global-none = Nobody has played a rated match yet: games against anyone, found across chats, are rated. /top shows this chat's own leaderboard.

# The lobby: a game against anyone, across chats.
seek-private-only = Seeking a game against anyone is done in a private chat with me: open it and send /play anyone there.
seek-waiting = 🔎 Looking for an opponent: { $game } · ⏱ { $clock }. You will be told here when one is found; the search lapses in 10 minutes.
seek-already = 🔎 You are already looking for a game; stop that search first to look for another.
seek-bad = That game cannot be sought: the lobby plays matches of 1 to 11 points, always with a clock (blitz, normal or casual).
seek-paired = 🎲 Opponent found: { $name } (rating { NUMBER($rating, useGrouping: 0) }). Your board follows; the game is rated.
seek-paired-unrated = 🎲 Opponent found: { $name } (rating { NUMBER($rating, useGrouping: 0) }). Your board follows; this match is not rated: the same two play at most three rated lobby matches a day, and a join from the list is rated only within the rating gap a pairing allows.
seek-lapsed = Nobody was found in 10 minutes, so your search has lapsed. Send /play anyone to look again.
seek-offer-bot = 🤖 Nobody yet. You can keep waiting, or play the bot meanwhile: /play bot.
seek-cancelled = Stopped looking.
seek-none = You are not looking for a game.
btn-seek-cancel = ✖️ Stop looking

# Strangers paired in the lobby: set phrases, /block, /report, the @username.
phrase-hello = 👋 Hello
phrase-luck = 🍀 Good luck
phrase-gg = 👍 Good game
phrase-thanks = 🙏 Thanks
phrase-from = { $name } says: { $phrase }
phrase-after = 🏁 Game #{ $game } is over. A word to your opponent?
phrase-sent = Sent. { $left ->
    [0] That was your last phrase this game.
    [one] { $left } more this game.
   *[other] { $left } more this game.
}
phrase-used-up = No more phrases this game: four is the most.
phrase-over = That game is long over: phrases pass during a game and for 10 minutes after it.
phrase-not-player = Only the two players of that game can send its phrases.
phrase-blocked = Not sent: one of you has blocked the other.
strangers-private-only = /block and /report are for your games against strangers from the lobby: send them in a private chat with me.
strangers-free-text = 💬 What you type here does not reach your opponent in game #{ $game }: between strangers only set phrases pass, like the buttons below (four a game). /block and /report are here if you need them.
block-done = 🚫 Blocked: { $name } (game #{ $game }). The lobby will never pair you two again; /unblock lifts it.
block-already = { $name } (game #{ $game }) is blocked already.
block-no-game = You have no game against a stranger from the lobby. /block and /report act on your current or last one, or on the one you name: /block #12, /report #12 reason.
block-full = You have blocked 200 people, the most there can be. /unblock lifts your latest block.
unblock-done = Unblocked: { $name }. The lobby may pair you again.
unblock-none = You have blocked nobody.
report-done = Thank you: game #{ $game } is reported, and the operator will look at it.
report-already = Game #{ $game } is reported already.
report-limit = You have made 5 reports today, the most there can be; you can report again tomorrow.
settings-username-on = Strangers from the lobby see your first name, rating and @username.
settings-username-off = Strangers from the lobby see your first name and rating only, not your @username.
btn-username-on = Show my @username to strangers
btn-username-off = Hide my @username from strangers
cmd-block = Never be paired with your last lobby opponent again
cmd-report = Report your last lobby opponent
