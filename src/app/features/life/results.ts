// Results are saved with their data set as the kernels' own JSON, made exact: typed arrays (plotting
// positions, curves, the contour) travel as base64 of their bytes and non-finite numbers as tagged values,
// so a result read back after a reload is the same, bit for bit, as the one computed. The tag format and its
// codec live with the spreadsheet worker (components/spreadsheet/json.ts), which runs them off the main thread.
export { fromTagged as decodeResult, toTagged as encodeResult } from "../../components/spreadsheet/json.ts";
