// The rules of each game, summarised from the project's rules page, shown in
// the Rules dialog. Plain HTML fragments keyed by record name.

const COMMON = `<p class="common">One or more 52-card decks, Ace high. Play goes clockwise;
you must follow the suit led if you can; the highest trump wins the trick, else the
highest card of the suit led; the winner leads next.</p>`;

export const RULES = {
  "diminishing-whist": {
    title: "Diminishing Whist",
    html: `<p>4 or 5 players, ten rounds with a fixed schedule of cards and trump:
10♥, 9♣, 8♦, 7♠, 6 no-trump, 5♥, 4♣, 3♦, 2♠, 1 no-trump.</p>
<ul>
<li>Each round everyone bids how many tricks they will take (0 up to the cards dealt),
starting with the round's opener (seat = round number, cycling).</li>
<li>The last bidder may not bid the number that would make the bids add up to exactly
the number of tricks (the “hook”).</li>
<li>The opening bidder leads the first trick.</li>
<li>Score: exactly your bid → bid + 10; fewer tricks → the tricks you took; more → 0.</li>
<li>Highest total after ten rounds wins; ties share.</li>
</ul>`,
  },
  "black-queen": {
    title: "Black Queen",
    html: `<p>2–6 players; one deck per two players (a few 2s removed so the cards divide evenly).</p>
<ul>
<li>Each player has a row of face-down cards, a face-up card on each, and a hand.
Everyone sees all face-up cards.</li>
<li>You may play a hand card or one of your face-up cards. If either holds the suit led,
you must follow suit. No trump.</li>
<li>When a face-up card has been played, the card under it is turned face up once the trick is collected.</li>
<li>Scoring per hand: each heart −1, each Q♠ −12. Took no cards: +10. Took cards but no
penalty points: +5. Took every penalty point: they count as plus instead (“shooting”).</li>
<li>The game lasts a number of hands (one per player by default); highest total wins.</li>
</ul>`,
  },
  "nine-five-two": {
    title: "9-5-2",
    html: `<p>Three players, 16 cards each, 4 to the kitty.</p>
<ul>
<li>Contracts: the dealer must take 9 tricks, the next player 5, the third 2. The deal moves clockwise.</li>
<li>The dealer names trump (or no-trump), takes the kitty and discards any 4 cards face down.</li>
<li>The player going for 5 leads the first trick.</li>
<li>Score per hand: tricks − contract, added to your total.</li>
<li>From the second hand on, players who went over pass that many cards to players who went under;
for each card received the receiver gives back their highest card of that suit (automatic).</li>
<li>The game ends after a hand where some total reaches +target or −target (15 by default); highest total wins.</li>
</ul>`,
  },
  "bidding-whist": {
    title: "Bidding Whist",
    html: `<p>Four players, 13 cards each (Israeli style).</p>
<ul>
<li>Initial bidding: a number of tricks (5–13) and a denomination; No-trump &gt; ♠ &gt; ♥ &gt; ♦ &gt; ♣.
Each bid must beat the highest so far; or skip (a player who skips is out of the bidding).</li>
<li>The highest bidder rules: their denomination is trump and their bid is their bet.</li>
<li>Secondary bets: the other three bet 0–13 tricks; the last may not make the four bets total exactly 13.</li>
<li>If everyone skips: redeal (default), play no-trump with everyone betting, or end the game (an option).</li>
<li>The ruler leads. Score with bet b &gt; 0 and t tricks: 10 × (min(t, b) − |t − b|).
Bet 0: +100 for no tricks (+50 if the bets total more than 13), otherwise 10 × t minus that bonus.</li>
</ul>`,
  },
  "classic-whist": {
    title: "Classic Whist",
    html: `<p>2–4 players (NERD Games design), 13 cards each by default.</p>
<ul>
<li>A random trump suit and a random first leader each deal.</li>
<li>Every trick is worth one point. The first player to reach the winning score (24 by default) wins at once.</li>
<li>If the cards run out first, a new trump is drawn and the cards are dealt again; scores carry over.</li>
<li>Following suit is enforced unless the option is turned off (as the original allowed).</li>
</ul>`,
  },
};

export function rulesHtml(game) {
  const entry = RULES[game];
  return entry ? `${entry.html}${COMMON}` : "<p>No rules for this game.</p>";
}
