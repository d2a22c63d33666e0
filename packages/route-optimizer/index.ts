export type { BreakModel, ModelObjective, RoutingModel, VehicleModel } from "./src/model";
export { checkFeasibility, type FeasibilityReport, type ModelRoute } from "./src/check-feasibility";
export { solveModel, type ModelSolution } from "./src/solve-model";
export type { SearchOptions } from "./src/search";
