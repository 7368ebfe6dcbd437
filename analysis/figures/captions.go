package figures

// Captions describes each figure by file name (without extension), in the
// order a report shows them; a report page uses them as figure captions.
var Captions = []struct{ Name, Caption string }{
	{"outcomes", "share of South wins, North wins, draws and unfinished games per ruleset, with 95% intervals"},
	{"fpa", "first-player advantage per ruleset (draws and unfinished games count half), sorted, with the 50% line"},
	{"length", "distribution of game lengths in plies"},
	{"end-reasons", "why games ended, as shares of each ruleset's games"},
	{"fpa-strength", "first mover's score per agent pair (draws count half): a stronger agent's edge mixed with the seat's"},
	{"convergence", "first-player advantage against the number of games played, with its 95% interval"},
	{"forest", "forest plot of the comparisons: per pair of readings (A against its reference B, same agents) the difference in first-player advantage A − B with its 95% interval; solid line no difference, dashed lines ± the equivalence margin (TOST); circles: not shown to differ nor equivalent, second glyph: differ (Holm), third glyph: equivalent within the margin"},
	{"effects", "effect of each rule option value against the option's default, ranked by size: one panel per scale: log odds ratio of first-player advantage (top), of the draw and never-ending rates (middle), difference in mean length (bottom), with 95% intervals"},
	{"fpa-rating", "strength ladder: each agent's self-play first-player advantage (Wilson 95% interval) against its Elo rating, one curve per ruleset; on a solved board a line in the curve's colour marks the first mover's result under perfect play from the start position (100% wins, 0% loses, 50% draw)"},
	{"draw-rating", "strength ladder: each agent's self-play share of draws and unfinished games against its rating"},
	{"length-rating", "strength ladder: each agent's self-play mean game length against its rating"},
	{"exact", "exact values: the first mover's score under perfect play (cross: 100% wins, 0% loses, 50% draw; baolab solve) next to random play's first-player advantage with its 95% Wilson interval, per ruleset small enough to solve"},
	{"accuracy", "accuracy against perfect play on the solved boards: each agent's share of moves (chosen among two or more, after the random opening) that keep the outcome (top) and the margin (bottom) the mover can force, with 95% Wilson intervals, agents ordered by search budget, one series per ruleset; perfect play keeps both at 100%"},
}
