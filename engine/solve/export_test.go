package solve

// SolveLayersEach is SolveLayers calling each with every solved layer:
// its keys within the layer and their values (-128: None).
var SolveLayersEach = solveLayers
