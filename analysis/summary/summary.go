// Package summary defines the numbers that `baolab analyze` reports: one
// Cell of statistics per ruleset × agent pair and one Comparison per pair
// of rulesets of the same variant played by the same agents. The types are
// written as summary.json with stable keys (the json tags below), which
// tests and regression checks read; the tables and figures are drawn from
// the same values.
//
// Every estimate carries its 95% interval (Confidence). Numbers that are
// undefined (the standard deviation of one game, a ratio over no moves)
// are NaN in Go and null in JSON.
package summary

import (
	"encoding/json"
	"math"
	"strconv"
)

// Format names the layout of summary.json. It changes when a key changes
// meaning or disappears.
const Format = "baolab-summary/1"

// Num is a float64 that is written to JSON as null when it is NaN or
// infinite, which JSON cannot express.
type Num float64

// MarshalJSON writes n, or null when n is not finite.
func (n Num) MarshalJSON() ([]byte, error) {
	f := float64(n)
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return []byte("null"), nil
	}
	return strconv.AppendFloat(nil, f, 'g', -1, 64), nil
}

// UnmarshalJSON reads a number, or null as NaN.
func (n *Num) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*n = Num(math.NaN())
		return nil
	}
	var f float64
	if err := json.Unmarshal(b, &f); err != nil {
		return err
	}
	*n = Num(f)
	return nil
}

// Interval is an estimate with its two-sided interval at the summary's
// confidence level.
type Interval struct {
	Value Num `json:"value"`
	Lo    Num `json:"lo"`
	Hi    Num `json:"hi"`
}

// Share is a count of games (or moves) out of a total, the share it is of
// that total, and the share's Wilson interval.
type Share struct {
	Count int64 `json:"count"`
	Share Num   `json:"share"`
	Lo    Num   `json:"lo"`
	Hi    Num   `json:"hi"`
}

// Interval returns s as an Interval.
func (s Share) Interval() Interval { return Interval{s.Share, s.Lo, s.Hi} }

// Outcomes holds the share of each result among all games of a cell.
type Outcomes struct {
	South      Share `json:"south"`
	North      Share `json:"north"`
	Draw       Share `json:"draw"`
	Unfinished Share `json:"unfinished"` // stopped at max_plies
}

// Length describes the distribution of game lengths in plies. Quantiles
// are empirical: the smallest length reached by at least that share of
// games.
type Length struct {
	Mean   Interval `json:"mean"` // with the normal-approximation interval of the mean
	SD     Num      `json:"sd"`
	Min    Num      `json:"min"`
	P5     Num      `json:"p5"`
	P25    Num      `json:"p25"`
	Median Num      `json:"median"`
	P75    Num      `json:"p75"`
	P95    Num      `json:"p95"`
	Max    Num      `json:"max"`
	// Histogram lists [plies, games] for every length that occurred, in
	// increasing order of plies.
	Histogram [][2]int64 `json:"histogram"`
}

// NeverEnding counts the never-ending moves a cell's games met: candidates
// rejected as never-ending, plus the one played under infinite=draw.
type NeverEnding struct {
	Moves   int64 `json:"moves"`    // in all games
	PerGame Num   `json:"per_game"` // Moves / games
	Games   Share `json:"games"`    // games that met at least one
}

// MoveStats holds the statistics read from the move log. Per-move ratios
// (branching factor, decision share, laps per move) are ratios of sums
// over games with delta-method intervals over games, since the moves of
// one game are not independent.
type MoveStats struct {
	Moves int64 `json:"moves"`
	// BranchingFactor is the mean number of legal moves per move.
	BranchingFactor Interval `json:"branching_factor"`
	// DecisionMoves is the share of moves with more than one legal move.
	DecisionMoves Interval `json:"decision_move_share"`
	// LapsPerMove is the mean number of laps sown per move.
	LapsPerMove Interval `json:"laps_per_move"`
	// LeadChanges is the mean number of material-lead changes per game: a
	// change is counted each time the player strictly ahead in material
	// differs from the last player who was strictly ahead (equal material
	// leads nobody and changes nothing).
	LeadChanges   Interval `json:"lead_changes_per_game"`
	LeadChangesSD Num      `json:"lead_changes_sd"`
	// Decisiveness is the mean, over games won by either player, of D/plies
	// where D is the ply after which the eventual winner is strictly ahead
	// in material for good (D = plies when the winner is not ahead after
	// the last move): small values mean games are decided early.
	Decisiveness   Interval `json:"decisiveness"`
	DecisivenessSD Num      `json:"decisiveness_sd"`
	DecidedGames   int64    `json:"decided_games"`
}

// Point is the first-player advantage after the first Games games of a
// cell (in game_id order).
type Point struct {
	Games int64 `json:"games"`
	Value Num   `json:"value"`
	Lo    Num   `json:"lo"`
	Hi    Num   `json:"hi"`
}

// Cell holds the statistics of one ruleset × agent pair.
type Cell struct {
	Ruleset    string `json:"ruleset"`
	Variant    string `json:"variant"`
	AgentSouth string `json:"agent_south"`
	AgentNorth string `json:"agent_north"`
	First      string `json:"first"` // who moved first: south or north
	Games      int64  `json:"games"`

	Outcomes        Outcomes `json:"outcomes"`
	FirstMoverWins  Share    `json:"first_mover_wins"`
	SecondMoverWins Share    `json:"second_mover_wins"`
	// FirstPlayerAdvantage is P(first mover wins) with draws and
	// unfinished games counted as half a win, (W1 + (n−W1−W2)/2)/n, with
	// the Wilson interval of that mean score (conservative: a score of
	// half points varies less than a win/loss).
	FirstPlayerAdvantage Interval `json:"first_player_advantage"`
	// Equivalence is the verdict of the two one-sided tests of the first
	// mover's mean score against 1/2 ± Summary.EquivalenceMargin
	// (absent in summaries of an earlier baolab).
	Equivalence *Equivalence `json:"equivalence,omitempty"`
	// Balance is Ludii's balance, 1 − |W1 − W2|/n, the gap between the
	// two players' win rates taken from 1. It equals 1 − |2·FPA − 1|, and
	// its interval is the image of the first-player advantage's interval.
	Balance Interval `json:"balance"`

	// EndReasons has every end reason name as a key, zero counts included.
	EndReasons map[string]Share `json:"end_reasons"`
	// CycleRate is the share of games in which a position repeated.
	CycleRate   Share       `json:"cycle_rate"`
	NeverEnding NeverEnding `json:"never_ending"`

	Length          Length   `json:"length"`
	CapturesPerGame Interval `json:"captures_per_game"`
	CapturedPerGame Interval `json:"captured_per_game"` // counters taken
	MaxLaps         int64    `json:"max_laps"`          // most laps in one move of any game

	// Moves is null when the dataset has no move log.
	Moves *MoveStats `json:"moves"`
	// DistinctGames counts the distinct move sequences among the games
	// (from the move log; null without one), up to DistinctCap: DistinctCap
	// means at least that many. Strong agents are nearly deterministic, so
	// a cell of n games can hold far fewer distinct games.
	DistinctGames *int64 `json:"distinct_games"`

	Convergence []Point `json:"convergence"`
}

// DistinctCap bounds the distinct games counted per cell (so memory does
// not grow with the number of games): a count of DistinctCap means at
// least that many.
const DistinctCap = 10000

// Diff is the difference A − B of one quantity between two cells, with
// its interval and a two-sided test of no difference.
type Diff struct {
	A    Num    `json:"a"`
	B    Num    `json:"b"`
	Diff Num    `json:"diff"`
	Lo   Num    `json:"lo"`
	Hi   Num    `json:"hi"`
	Test string `json:"test"` // the test that gave Statistic and P
	// Statistic is z or t; DF the degrees of freedom of a t test (null
	// otherwise).
	Statistic Num `json:"statistic"`
	DF        Num `json:"df"`
	P         Num `json:"p"`
	// PHolm is P adjusted by Holm's method over all comparisons of the
	// summary (one family per quantity).
	PHolm       Num  `json:"p_holm"`
	Significant bool `json:"significant"` // PHolm < Alpha
}

// Equivalence is the verdict of an equivalence test (TOST: two one-sided
// tests at level Summary.Alpha, Schuirmann 1987) of an estimate against
// ±Margin: Verdict is "balanced" (both one-sided tests reject: shown
// within the margin; P < alpha), "not balanced" (shown beyond it: PBeyond
// < alpha) or "undecided". A non-significant difference alone is never
// read as balance.
type Equivalence struct {
	Margin  Num    `json:"margin"`
	Verdict string `json:"verdict"`
	// P is the larger p-value of the two one-sided tests; PBeyond the
	// smaller of the tests that the estimate lies beyond the margin.
	P       Num    `json:"p"`
	PBeyond Num    `json:"p_beyond"`
	Test    string `json:"test"`
}

// MannWhitney is the rank test of the game lengths of two cells.
type MannWhitney struct {
	U Num `json:"u"`
	Z Num `json:"z"`
	P Num `json:"p"`
	// PHolm is P adjusted by Holm's method over all comparisons.
	PHolm Num `json:"p_holm"`
	// ProbLonger is U/(n_A·n_B): the probability that a game of A is longer
	// than one of B, ties counted half.
	ProbLonger Num `json:"prob_a_longer"`
}

// Comparison compares two readings (rulesets) of one variant played by the
// same agents: A − B for each quantity.
type Comparison struct {
	Variant    string `json:"variant"`
	AgentSouth string `json:"agent_south"`
	AgentNorth string `json:"agent_north"`
	RulesetA   string `json:"ruleset_a"`
	RulesetB   string `json:"ruleset_b"`
	GamesA     int64  `json:"games_a"`
	GamesB     int64  `json:"games_b"`

	FirstPlayerAdvantage Diff        `json:"first_player_advantage"`
	DrawRate             Diff        `json:"draw_rate"`
	MeanLength           Diff        `json:"mean_length"`
	Length               MannWhitney `json:"length_mann_whitney"`

	// Equivalence is the verdict of the two one-sided tests of the
	// difference in first-player advantage against ±margin: balanced
	// means the readings are shown equivalent in balance.
	Equivalence *Equivalence `json:"equivalence,omitempty"`
	// DifferInBalance is FirstPlayerAdvantage.Significant.
	DifferInBalance bool   `json:"differ_in_balance"`
	Verdict         string `json:"verdict"`
}

// Effect is the effect of one option value (or of a pair of values of two
// options) on one quantity, estimated over the readings of one variant
// played by one agent pair. Its JSON keys are exactly those below, which
// other tools read.
type Effect struct {
	Variant string `json:"variant"`
	Agents  string `json:"agents"` // SOUTH/NORTH
	// Option is an option key, or "a:b" for the interaction of options a
	// and b; Value is the level compared with the option's default ("x:y"
	// for an interaction).
	Option   string `json:"option"`
	Value    string `json:"value"`
	Quantity string `json:"quantity"` // first_player_advantage, draw_rate, never_ending_rate or mean_length
	// Estimate is a log odds ratio for the three shares and a difference
	// in plies for mean_length; [Lo, Hi] its interval.
	Estimate Num `json:"estimate"`
	Lo       Num `json:"lo"`
	Hi       Num `json:"hi"`
	// PHolm is the two-sided p-value of no effect, Holm-corrected over
	// every entry of the quantity.
	PHolm Num `json:"p_holm"`

	// SE and P (not written to effects.json) are the standard error and
	// the uncorrected p-value.
	SE Num `json:"-"`
	P  Num `json:"-"`
}

// Ranked is one reading in the ranking of the readings of a variant and
// agent pair by balance: |first-player advantage − 1/2|, smallest first.
type Ranked struct {
	Variant              string   `json:"variant"`
	Agents               string   `json:"agents"`
	Rank                 int      `json:"rank"` // 1 for the most balanced
	Ruleset              string   `json:"ruleset"`
	Games                int64    `json:"games"`
	FirstPlayerAdvantage Interval `json:"first_player_advantage"`
	// Imbalance is |FPA − 1/2| with the image of the FPA's interval.
	Imbalance Interval `json:"imbalance"`
	// P is the p-value (Bonferroni over the other readings) of the
	// one-sided z tests that some other reading is more balanced;
	// AsBalancedAsBest is P >= Alpha: the reading is not distinguishable
	// from the most balanced (Gupta's subset selection).
	P                Num  `json:"p"`
	AsBalancedAsBest bool `json:"as_balanced_as_best"`
}

// Ladder is the strength ladder of one ruleset: the agents' ratings, the
// first-move advantage and the draw parameter of a Bradley–Terry (Elo)
// model fitted to every game between ladder agents (package
// analysis/rating), in Elo rating points with profile-likelihood
// intervals, and each agent's self-play.
type Ladder struct {
	Ruleset string `json:"ruleset"`
	Variant string `json:"variant"`
	// Anchor is the agent rated 0: random when the ladder has it, else
	// its first agent.
	Anchor string `json:"anchor"`
	// Games counts the games the fit used; OpeningPlies is the
	// experiment's random opening.
	Games        int64  `json:"games"`
	OpeningPlies int    `json:"opening_plies"`
	Method       string `json:"method"` // how the intervals were found
	// Agents is sorted by rating, weakest first. A rating the data do not
	// bound (an agent that never lost) is null (infinite).
	Agents    []Rating   `json:"agents"`
	FirstMove Interval   `json:"first_move"` // first-move advantage, rating points
	Draw      Interval   `json:"draw"`       // draw parameter, rating points
	SelfPlay  []SelfPlay `json:"self_play"`
	// Model is the rating model the likelihood-ratio test ModelTest
	// chooses: "single" (one first-move advantage: each agent's rating
	// and the ladder's first_move) or "per-agent" (each agent's own
	// first_move, with its per_agent_rating, and PerAgentDraw).
	Model        string    `json:"model"`
	ModelTest    ModelTest `json:"model_test"`
	PerAgentDraw Interval  `json:"per_agent_draw"` // draw parameter of the per-agent model
	// Fit is the goodness of fit of the chosen model.
	Fit GoodnessOfFit `json:"fit"`
	// Components are the ladder's strongly connected components, weakest
	// first (rating.Components): one when every rating is bounded.
	Components [][]string `json:"components"`
	// Note explains a fit that could not be made (e.g. no game won).
	Note string `json:"note,omitempty"`
}

// Rating is one agent's rating with its interval. Rating, Lo and Hi are
// the single model's; FirstMove is the agent's first-move advantage and
// PerAgentRating its rating as second mover in the per-agent model (its
// rating as first mover is their sum), null when that model was not
// fitted.
type Rating struct {
	Agent          string   `json:"agent"`
	Rating         Num      `json:"rating"`
	Lo             Num      `json:"lo"`
	Hi             Num      `json:"hi"`
	FirstMove      Interval `json:"first_move"`
	PerAgentRating Interval `json:"per_agent_rating"`
	// Within is the agent's rating (single model, profile interval)
	// against WithinAnchor, rated 0, fitted to the games among the agents
	// of its strongly connected component of the ladder alone
	// (rating.Components: the groups of agents that took points from each
	// other): finite where Rating is not. In a ladder of one component,
	// WithinAnchor is the ladder's Anchor and Within is Rating.
	WithinAnchor string   `json:"within_anchor"`
	Within       Interval `json:"within"`
}

// ModelTest is the likelihood-ratio test of the single rating model
// against the per-agent one: Statistic = 2 (ℓ_per-agent − ℓ_single), χ²
// with DF degrees of freedom under the single model, P its p-value; the
// per-agent model is chosen when P < Level. Note says why there is no
// test (the per-agent model not identified by the games played).
type ModelTest struct {
	Statistic Num     `json:"statistic"`
	DF        int     `json:"df"`
	P         Num     `json:"p"`
	Level     float64 `json:"level"`
	Note      string  `json:"note,omitempty"`
}

// GoodnessOfFit is the Pearson χ² test of a rating model against the
// win, draw and loss counts of every ordered pair (package
// analysis/rating): Chi2 on DF degrees of freedom with p-value P (null
// when DF < 1). Counts is how many expected counts it sums, Below5 and
// Below1 how many of them are small; Approximate (Cochran's rule: any
// below 1, or more than a fifth below 5) says the χ² p-value is a poor
// approximation. Pairs sets each ordered pair's observed score of the
// first mover (draws as half) against the model's.
type GoodnessOfFit struct {
	Model       string    `json:"model"`
	Test        string    `json:"test"`
	Chi2        Num       `json:"chi2"`
	DF          int       `json:"df"`
	P           Num       `json:"p"`
	Counts      int       `json:"counts"`
	Below5      int       `json:"below_5"`
	Below1      int       `json:"below_1"`
	Approximate bool      `json:"approximate"`
	Pairs       []PairFit `json:"pairs"`
}

// PairFit is one ordered pair's score of the first mover, observed and
// predicted.
type PairFit struct {
	First     string `json:"first"`
	Second    string `json:"second"`
	Games     int64  `json:"games"`
	Observed  Num    `json:"observed"`
	Predicted Num    `json:"predicted"`
}

// SelfPlay is an agent playing itself: its first-player advantage (draws
// as half) with the Wilson interval, and the draw rate and mean length of
// those games.
type SelfPlay struct {
	Agent         string   `json:"agent"`
	Rating        Num      `json:"rating"`
	Games         int64    `json:"games"`
	FPA           Num      `json:"fpa"`
	Lo            Num      `json:"lo"`
	Hi            Num      `json:"hi"`
	DrawRate      Share    `json:"draw_rate"` // draws and unfinished games
	MeanLength    Interval `json:"mean_length"`
	DistinctGames *int64   `json:"distinct_games"`
}

// Exact is the game-theoretic value of one ruleset's initial position
// under perfect play (retrograde analysis, package solve; max_plies
// is ignored), next to the first-player advantage of random play in the
// same ruleset, so a reader sees whether random play predicts the
// perfect-play winner.
type Exact struct {
	Ruleset string `json:"ruleset"`
	Variant string `json:"variant"`
	// Board and Reading split the ruleset (engine.Split): the options
	// that size the board, defaults included ("holes=4,seeds=3"), and the
	// other options that differ from their defaults ("" for the default
	// rules), so readings can be compared board by board.
	Board     string `json:"board"`
	Reading   string `json:"reading"`
	First     string `json:"first"` // the player who moves first
	Positions int64  `json:"positions"`
	Terminal  int64  `json:"terminal"`
	Cyclic    bool   `json:"cyclic"`
	// Outcome is south, north or draw; SouthCanForce and NorthCanForce
	// are the margins each side can force (South's score minus North's
	// in kingulu, +1/-1/0 in the Kimasai games), null when the side
	// cannot force a finished game.
	Outcome       string `json:"outcome"`
	SouthCanForce *int   `json:"south_can_force"`
	NorthCanForce *int   `json:"north_can_force"`
	// Margin is the exact margin when the two sides force the same one,
	// else null.
	Margin *int `json:"margin"`
	// FirstPlayerValue is the first mover's result under perfect play on
	// the scale of the first-player advantage: 1 (wins), 0 (loses) or
	// 0.5 (draw).
	FirstPlayerValue float64 `json:"first_player_value"`
	// RandomGames and RandomFPA are the games and first-player advantage
	// (Wilson interval) of random against random in this ruleset; 0 and
	// null when the dataset has no such cell.
	RandomGames int64    `json:"random_games"`
	RandomFPA   Interval `json:"random_fpa"`
	// Agreement says whether random play predicts the perfect-play
	// winner: "agrees" (the interval is clear of 0.5 on the winner's
	// side, or holds 0.5 when perfect play draws), "disagrees" (clear of
	// 0.5 on the other side, or clear of it at all for a draw),
	// "undecided" (a winner, but an interval holding 0.5), or "" without
	// random play.
	Agreement string `json:"agreement"`
}

// Summary is everything `baolab analyze` computed from one dataset.
type Summary struct {
	Format     string  `json:"format"`
	Dataset    string  `json:"dataset"`
	Confidence float64 `json:"confidence"` // of every interval
	Alpha      float64 `json:"alpha"`      // significance level of the verdicts
	// EquivalenceMargin is the margin δ of every equivalence test, and
	// EquivalenceMarginFrom where it came from: "manifest" (chosen before
	// the run), "flag" (analyze --equivalence-margin, overriding the
	// manifest's) or "default".
	EquivalenceMargin     float64 `json:"equivalence_margin,omitempty"`
	EquivalenceMarginFrom string  `json:"equivalence_margin_from,omitempty"`
	Games                 int64   `json:"games"`
	Files                 int     `json:"files"`    // Parquet files read
	MoveLog               bool    `json:"move_log"` // whether the moves table was read
	// Manifest says how the file list was checked: "manifest" when
	// manifest.json listed the expected files, "files" when only the
	// files themselves were checked for gaps.
	Manifest    string       `json:"manifest"`
	Cells       []Cell       `json:"cells"`
	Comparisons []Comparison `json:"comparisons"`
	// Effects are the option effects of the grids in the dataset (package
	// analysis/effects), written as effects.json; Ranking orders the
	// readings of each variant and agent pair by balance (ranking.json).
	Effects []Effect `json:"effects"`
	Ranking []Ranked `json:"ranking"`
	// Ladders holds the rating fit of the experiment's ladder, one per
	// ruleset (absent when the experiment has no ladder).
	Ladders []Ladder `json:"ladders,omitempty"`
	// Exact holds the solved value of each ruleset small enough to solve
	// (package solve), next to its random-play first-player
	// advantage (absent when no ruleset was solved).
	Exact []Exact `json:"exact,omitempty"`
	// Accuracy holds, for every agent of every solved ruleset played with
	// a move log, the share of its moves that keep the exact value
	// (absent when there are none); Doubling the score of each agent
	// against itself at half the budget, for every such pair the dataset
	// played (absent when there are none).
	Accuracy []Accuracy `json:"accuracy,omitempty"`
	Doubling []Doubling `json:"doubling,omitempty"`
	// Notes explain what was left out (e.g. a figure that needs several
	// agent pairs).
	Notes []string `json:"notes"`
}

// SeveralPairs reports whether the cells of s hold more than one agent
// pair.
func (s *Summary) SeveralPairs() bool {
	for _, c := range s.Cells {
		if c.AgentSouth != s.Cells[0].AgentSouth || c.AgentNorth != s.Cells[0].AgentNorth {
			return true
		}
	}
	return false
}
