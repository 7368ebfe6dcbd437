package dataset

import (
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"slices"
	"strings"
)

// Experiment is the full description of a simulation: every ruleset ×
// agent pair (a cell) plays Games games. Two runs of the same Experiment
// write the same rows, whatever the number of workers or shards.
//
// Cells are numbered in a fixed order: ruleset-major, so cell
// r×len(Agents)+a plays Rules[r] with Agents[a]. Game i of cell c
// (0 ≤ i < Games) has game_id c×Games+i. The games of a cell are cut into
// batches of Batch consecutive game indices (the last one may be shorter);
// one batch is one Parquet file per table.
//
// Its fields are the one declaration of an experiment's: the json tags
// name them in the manifest, the toml tags (the same names) in an
// experiment file, and sim.Plan is the same struct as the user writes it,
// before it is checked and made canonical.
type Experiment struct {
	// Rules lists canonical ruleset strings (engine.Game.Ruleset), no
	// two alike.
	Rules []string `json:"rules" toml:"rules"`
	// Agents lists canonical agent pairs "SOUTH/NORTH", no two alike.
	Agents []string `json:"agents" toml:"agents"`
	// Games is the number of games per cell.
	Games int `json:"games" toml:"games"`
	// Seed is the experiment seed from which every game's seed derives
	// (see GameSeed).
	Seed uint64 `json:"seed" toml:"seed"`
	// Batch is the number of games per batch (per file).
	Batch int `json:"batch" toml:"batch"`
	// Moves says whether the moves table is written.
	Moves bool `json:"moves" toml:"moves"`
	// Ladder lists the canonical agent specs of a strength ladder, if
	// any: every ordered pair "A/B" of them (self-play included) is one
	// of Agents, and those cells form the ladder. Omitted from the JSON
	// form when empty, so experiments without a ladder keep their ID.
	Ladder []string `json:"ladder,omitempty" toml:"ladder"`
	// OpeningPlies is the number of uniformly random plies every game
	// starts with (see OpeningSeed); 0: none. Omitted from the JSON form
	// when 0.
	OpeningPlies int `json:"opening_plies,omitempty" toml:"opening_plies"`
	// EquivalenceMargin is the margin δ of the equivalence tests (TOST)
	// of the analysis, chosen before the run and so recorded with it: a
	// first-player advantage within ±δ of 1/2, or a difference between
	// two readings within ±δ, is shown balanced when both one-sided tests
	// reject. 0: not chosen (the analysis then uses its default). Omitted
	// from the JSON form when 0, so experiments without one keep their ID.
	EquivalenceMargin float64 `json:"equivalence_margin,omitempty" toml:"equivalence_margin"`
}

// MaxEquivalenceMargin bounds Experiment.EquivalenceMargin: a score lies
// in [0, 1], so a margin of 1/2 around an even game admits every game.
const MaxEquivalenceMargin = 0.5

// MaxOpeningPlies bounds Experiment.OpeningPlies.
const MaxOpeningPlies = 1000

// MaxFiles is the largest number of batches (files per table) of one
// experiment. Planning a run holds a few bytes per batch, and checking a
// resumed run reads every file's footer, so an experiment beyond it (e.g.
// 3×10^12 games per cell) is refused before anything is planned.
const MaxFiles = 1 << 20

// MaxBatch is the largest batch (games per file). A worker holds a
// batch's games rows in memory until its games file is written (about 100
// bytes a game, so 100 MB at the limit); the default is at most 16384
// (DefaultBatch).
const MaxBatch = 1 << 20

// ErrTooManyFiles is wrapped by the error of Check for an experiment of
// more than MaxFiles batches.
var ErrTooManyFiles = errors.New("more files than baolab writes")

// Check reports the first problem of e: empty lists, duplicates,
// non-positive sizes, a game_id range that overflows int64, or more than
// MaxFiles files per table (ErrTooManyFiles). It is the one validation of
// an experiment, whether planned by package sim or read from a manifest;
// it does not parse rulesets or agent specs (package sim does).
func (e Experiment) Check() error {
	switch {
	case len(e.Rules) == 0:
		return fmt.Errorf("experiment: no ruleset given")
	case len(e.Agents) == 0:
		return fmt.Errorf("experiment: no agent pair given")
	case e.Games < 1:
		return fmt.Errorf("experiment: games per cell must be at least 1, not %d", e.Games)
	case e.Batch < 1:
		return fmt.Errorf("experiment: batch size must be at least 1, not %d", e.Batch)
	case e.Batch > MaxBatch:
		return fmt.Errorf("experiment: batch size must be at most %d (a batch is held in memory), not %d", MaxBatch, e.Batch)
	case e.OpeningPlies < 0 || e.OpeningPlies > MaxOpeningPlies:
		return fmt.Errorf("experiment: opening plies must be 0..%d, not %d", MaxOpeningPlies, e.OpeningPlies)
	case !(e.EquivalenceMargin >= 0 && e.EquivalenceMargin < MaxEquivalenceMargin):
		return fmt.Errorf("experiment: equivalence margin must be at least 0 and below %g, not %g", MaxEquivalenceMargin, e.EquivalenceMargin)
	}
	for _, a := range e.Ladder {
		for _, b := range e.Ladder {
			if !slices.Contains(e.Agents, a+"/"+b) {
				return fmt.Errorf("experiment: ladder pair %s/%s is not among the agent pairs", a, b)
			}
		}
	}
	if int64(e.Games) > (1<<62)/int64(e.NumCells()) {
		return fmt.Errorf("experiment: %d cells × %d games overflow game_id", e.NumCells(), e.Games)
	}
	for _, l := range []struct {
		what string
		list []string
	}{{"ruleset", e.Rules}, {"agent pair", e.Agents}, {"ladder agent", e.Ladder}} {
		seen := make(map[string]bool)
		for _, s := range l.list {
			if seen[s] {
				return fmt.Errorf("experiment: %s %q given twice", l.what, s)
			}
			seen[s] = true
		}
	}
	if n := int64(e.NumCells()) * int64(e.NumBatches()); n > MaxFiles {
		return tooManyFiles(fmt.Sprintf("%d games per cell in batches of %d make %d files per table (%d cells), more than %d: play fewer games per cell, or give a larger --batch (at most %d; more memory per worker)",
			e.Games, e.Batch, n, e.NumCells(), MaxFiles, MaxBatch))
	}
	return nil
}

// tooManyFiles is the error of Check for too many files: it says how
// many, and is ErrTooManyFiles.
type tooManyFiles string

func (t tooManyFiles) Error() string      { return string(t) }
func (tooManyFiles) Is(target error) bool { return target == ErrTooManyFiles }

// Equal reports whether e and f describe the same experiment.
func (e Experiment) Equal(f Experiment) bool { return e.Diff(f) == "" }

// Diff names the fields in which f differs from e, e.g.
// "games 1000 → 2000; seed 1 → 2", or "" if they are equal.
func (e Experiment) Diff(f Experiment) string {
	var d []string
	if j := strings.Join(e.Rules, " | "); j != strings.Join(f.Rules, " | ") {
		d = append(d, fmt.Sprintf("rules [%s] → [%s]", j, strings.Join(f.Rules, " | ")))
	}
	if j := strings.Join(e.Agents, " | "); j != strings.Join(f.Agents, " | ") {
		d = append(d, fmt.Sprintf("agents [%s] → [%s]", j, strings.Join(f.Agents, " | ")))
	}
	if e.Games != f.Games {
		d = append(d, fmt.Sprintf("games %d → %d", e.Games, f.Games))
	}
	if e.Seed != f.Seed {
		d = append(d, fmt.Sprintf("seed %d → %d", e.Seed, f.Seed))
	}
	if e.Batch != f.Batch {
		d = append(d, fmt.Sprintf("batch %d → %d", e.Batch, f.Batch))
	}
	if e.Moves != f.Moves {
		d = append(d, fmt.Sprintf("moves %v → %v", e.Moves, f.Moves))
	}
	if j := strings.Join(e.Ladder, " | "); j != strings.Join(f.Ladder, " | ") {
		d = append(d, fmt.Sprintf("ladder [%s] → [%s]", j, strings.Join(f.Ladder, " | ")))
	}
	if e.OpeningPlies != f.OpeningPlies {
		d = append(d, fmt.Sprintf("opening plies %d → %d", e.OpeningPlies, f.OpeningPlies))
	}
	if e.EquivalenceMargin != f.EquivalenceMargin {
		d = append(d, fmt.Sprintf("equivalence margin %g → %g", e.EquivalenceMargin, f.EquivalenceMargin))
	}
	return strings.Join(d, "; ")
}

// ID returns a short fingerprint of e (16 hex digits of a 64-bit FNV-1a
// hash of its JSON form). Every Parquet file records the ID of the
// experiment that wrote it.
func (e Experiment) ID() string {
	b, _ := json.Marshal(e)
	h := fnv.New64a()
	h.Write(b)
	return fmt.Sprintf("%016x", h.Sum64())
}

// NumCells returns len(Rules) × len(Agents).
func (e Experiment) NumCells() int { return len(e.Rules) * len(e.Agents) }

// Cell describes one ruleset × agent pair of an experiment.
type Cell struct {
	Index   int    `json:"cell"`
	Ruleset string `json:"ruleset"`
	Agents  string `json:"agents"` // SOUTH/NORTH
}

// Cell returns cell c.
func (e Experiment) Cell(c int) Cell {
	return Cell{Index: c, Ruleset: e.Rules[c/len(e.Agents)], Agents: e.Agents[c%len(e.Agents)]}
}

// InLadder reports whether the agent pair "SOUTH/NORTH" is a cell of the
// ladder: both agents are ladder agents. Every "/" is tried as the
// split, since an agent spec may itself hold one (a file path).
func (e Experiment) InLadder(agents string) bool {
	for i := range len(agents) {
		if agents[i] == '/' && slices.Contains(e.Ladder, agents[:i]) && slices.Contains(e.Ladder, agents[i+1:]) {
			return true
		}
	}
	return false
}

// NumBatches returns the number of batches of each cell.
func (e Experiment) NumBatches() int { return (e.Games + e.Batch - 1) / e.Batch }

// BatchRange returns the game indices [lo, hi) of batch b of a cell.
func (e Experiment) BatchRange(b int) (lo, hi int) {
	lo = b * e.Batch
	return lo, min(lo+e.Batch, e.Games)
}

// GameID returns the game_id of game i of cell c.
func (e Experiment) GameID(c, i int) int64 { return int64(c)*int64(e.Games) + int64(i) }

// ShardOf returns the shard (0..n-1) that plays batch b of every cell
// when the experiment is split into n shards: b mod n. Each shard thus
// plays about 1/n of every cell, which balances cells of very different
// cost; a cell with fewer than n batches leaves some shards idle.
func ShardOf(b, n int) int { return b % n }

// DefaultBatch returns the batch size used when an experiment does not
// set one: games/16 rounded up, kept within [256, 16384] and at most
// games. Large runs get 16384-game files; small runs still get up to 16
// batches per cell to spread over workers and shards.
func DefaultBatch(games int) int {
	b := (games + 15) / 16
	b = max(256, min(b, 16384))
	return max(1, min(b, games))
}
