// The user-facing texts of spec sections 5 and 8 (word for word where the spec gives them) and the
// service's own messages, under stable keys. The server answers `msg` in English and `msgKey` with the
// key; the app translates the key (locales/<lang>/messages.json uses the same keys). `{{name}}` marks a
// parameter, the i18next syntax, so both ends interpolate the same way.

import { LIMITS, type Limit } from "./constants.ts";

export const MESSAGES = {
  // Spec 8: login and session.
  hasError: "Has Error",
  loginException: "Login Exception",
  authFailed: "Authority authentication failed!",
  reLogin: "Re Login",
  cancel: "Cancel",
  verificationFailed: "Verification failed, please Login again.",
  thirdPartyLoginFailure: "Third party login failure.",
  registerFirst: "Please register your account first.",
  userNameExists: "The user name already exists.",
  switchLanguageSuccess: "Switch Language Success",
  error: "Error",
  success: "success",
  passwordResetTip: "Please contact the administrator to reset your password.",

  // Spec 5: password form (keys named by the spec; texts are ours where the spec gives none).
  oldPassNull: "Please input the old password.",
  newPassLength: "The password must be 6 to 15 characters.",
  passType: "The password needs at least two of: digits, letters, symbols.",
  passTips: "The two passwords do not match.",
  passwordChanged: "The password has been changed.",

  // Spec 8: validation messages.
  tooLong: "Current character is too long, please re-enter.",
  passwordMin: "Please input at least 6 digits password.",
  phoneInvalid: "Please input the correct mobile phone number.",
  aliasTooLong: "Please input a user name with a maximum of 15 words.",
  codesRequired: "6-digit verification code and 6-digit invitation code are required.",
  ciAnalysisRange: "CI must be between {{min}}-{{max}}.",
  reliabilityRange: "Reliability must be between {{min}}-{{max}}.",
  ciRange: "CI must be between {{min}}-{{max}}.",
  requiredCiRange: "Please enter a value between {{min}}-{{max}}.",
  betaRange: "Beta range must be between {{min}}-{{max}}.",
  testTimeRange: "Test time and MTTF must be between {{min}}-{{max}}.",
  samplesRange: "Number of samples must be between {{min}}-{{max}}.",
  failuresRange: "Number of failures must be between {{min}}-{{max}}.",
  failuresExceedSamples: "Failures cannot exceed samples.",
  detectionProbabilityRange: "Detection probability must be between {{min}}-{{max}}.",
  inspectionCostTooHigh: "Inspection cost must be below the unplanned replacement cost.",
  plannedCostTooHigh: "The planned replacement cost cannot exceed 90% of the unplanned cost.",
  multiPlotNeedsTwo: "At least two datasets are needed for a multi-plot.",
  multiPlotDuplicated: "Multi-plot cannot be duplicated.",
  onlyOneAnalysis: "Only one analysis can be selected.",
  oneDistribution: "Datasets must share one distribution.",
  differentDistributions: "Cannot select all the data sets due to different distributions.",
  addDataPoint: "Add at least one data point.",
  valuePositive: "Value must be a number greater than 0.",
  valueRangeTimes: "Value range is 0.1-10 times the used value.",
  iconTooLarge: "Icon file size is at most 2 MB.",
  iconOrMarkingName: "Upload an icon or input a marking name.",
  oAndDRange: "Columns O and D accept only numbers {{min}} to {{max}}.",
  characteristicNameRequired: "Please input the characteristic name.",
  characteristicNameTooLong: "The characteristic name is at most 150 characters.",
  markingNameRequired: "Please input the marking name.",
  markingNameTooLong: "The marking name is at most 150 characters.",

  // Spec 8: other.
  deleteCancelled: "Delete has been cancelled.",
  noSuchOperation: "No Such Operation.",
  degradationNoFailures: "The degradation data cannot generate valid failure data for weibull analysis.",
  importLevelMismatch:
    "The current import object does not match the selected import node level, unable to import.",
  verifyBeforeImport: "Please verify data before importing.",
  drawWithoutResult: "Cannot draw without calculation result",
  ftaFixedProbabilityPlot:
    "The tree contains base events with fixed failure probability and cannot be plotted",
  ftaAnalyzeFirst: "Please Analyze the fault tree first",
  ftaOnlyFixedProbability: "Only Fixed Prob calculation is supported for now.",
  growthNoFailureRecords: "Data cannot be analyzed without failure records",
  fullScreenUnsupported: "you browser can not work",

  // The failure model (src/shared/failure-model.ts): parameter ranges of spec 5 and ours.
  parameterOpenRange: "{{parameter}} must be greater than {{min}} and less than {{max}}.",
  parameterAboveAtMost: "{{parameter}} must be greater than {{min}} and at most {{max}}.",
  parameterClosedRange: "{{parameter}} must be between {{min}} and {{max}}.",
  distributionUnknown: "The distribution must be one of {{names}}.",

  // Service: sessions and accounts.
  wrongCredentials: "The user name or password is incorrect.",
  accountExpired: "This account has expired. Please contact the administrator.",
  loginThrottled: "Too many failed logins. Try again in {{seconds}} seconds.",
  tokenIllegal: "Your session is not valid. Please log in again.",
  tokenExpired: "Your session has expired. Please log in again.",
  loggedInElsewhere: "You have logged in somewhere else. Please log in again.",
  mustChangePassword: "Your password was reset. Change it before you continue.",
  secondFactorRequired: "Enter the code from your authenticator app to finish logging in.",
  secondFactorWrong: "The authenticator code is not correct.",
  secondFactorEnabled: "Two-factor login is on.",
  secondFactorDisabled: "Two-factor login is off.",
  accountWillExpire: "This account expires on {{date}}.",
  oldPasswordWrong: "The old password is not correct.",
  newPasswordSame: "The new password must differ from the old one.",
  invitationInvalid: "The invitation code is not valid.",
  phoneTaken: "This phone number is bound to another account.",
  roleNotHeld: "You do not hold the role {{role}}.",
  languageUnknown: "Unknown language {{lang}}.",
  passwordReset: "The password has been reset. It can be used once and must then be changed.",
  cannotDeleteSelf: "You cannot delete your own account.",
  lastAdmin: "At least one administrator must remain.",
  userNotFound: "The user does not exist.",

  // Service: permissions.
  forbidden: "You do not have permission to do this.",
  adminOnly: "Only an administrator can do this.",
  notCompiler: "Only the compiler of this record or an administrator can change it.",
  createFmeaNeedsRole: "You need a role to create an FMEA.",
  createConfigNeedsRole: "Only an owner or a counselor can create a configuration.",
  createProjectNeedsRole: "You need a role to create a project.",
  trialRowLimit:
    "A trial account can analyse at most {{limit}} rows; this data set has {{rows}}. Contact the administrator for a full account.",

  // Service: requests.
  invalidJson: "The request body is not valid JSON.",
  bodyTooLarge: "The request is too large (at most {{limit}}).",
  validationFailed: "{{field}}: {{problem}}",
  fieldRequired: "{{field}} is required.",
  notFound: "{{what}} does not exist.",
  internalError: "The server could not complete the request (reference {{requestId}}).",
  serverBusy: "The server is busy. Try again in a few seconds.",
  staleVersion:
    "This record was changed elsewhere (now version {{current}}, yours {{yours}}). Reload it before saving.",
  nameRequired: "Please input a name.",
  nameTooLong: "The name is at most 150 characters.",

  // Service: organisation, projects, work items.
  leaderMustBeMember: "The leader must be a member of the department or team.",
  replaceLeaderFirst: "Replace the leader before removing this member.",
  departmentNotEmpty: "Remove the members and sub-units first.",
  oneDepartmentPerUser: "A user belongs to one department; remove them from {{name}} first.",
  parentCycle: "A unit cannot be placed under itself.",
  projectTransitionNotAllowed: "A project in status {{from}} cannot be {{action}}.",
  projectCodeExists: "A project with this code already exists.",
  configDisabled: "The configuration is disabled and cannot be referenced.",

  // Service: files and stored analyses.
  fileMissing: "Choose a file to upload.",
  fileTypeUnsupported: "Only PNG, JPEG, GIF and WebP images and xlsx workbooks can be uploaded.",
  fileTypeMismatch: "The file content does not match its name or type ({{declared}}).",
  imageTooLarge: "Images are at most 2 MB.",
  importTooLarge: "Import workbooks are at most 50 MB.",
  columnLengthMismatch: "Column {{column}} holds {{actual}} values, expected {{expected}}.",
  columnNotBase64: "Column {{column}} is not valid base64.",
  columnValueInvalid: "Column {{column}}, row {{row}}: {{problem}}",
  tooManyRows: "At most {{max}} rows can be stored.",
  resultsTooLarge: "Saved results are at most {{limit}}.",

  // Life data: the life kernels' input checks and fit warnings (src/kernels/life).
  "life.startNotNumber": "Start time must be empty, 0 or a number greater than 0.",
  "life.startAfterEnd": "Start time must be less than the end time.",
  "life.stateInvalid": "State must be F (failure) or S (suspension).",
  "life.quantityInvalid": "Quantity must be a number greater than 0.",
  "life.columnLength": "Every column must have as many rows as the end time column.",
  "life.unknownDistribution": "Unknown distribution '{{name}}'.",
  "life.unknownOption": "Unknown value '{{value}}' for {{option}}.",
  "life.rankRegressionNeedsExact":
    "Rank regression needs exact failure times; use MLE for interval or left-censored data.",
  "life.rankRegressionUnavailable": "Rank regression is not available for {{distribution}}; use MLE.",
  "life.rankRegressionNeedsTwoFailures": "Rank regression needs at least two failures.",
  "life.betaUnbounded":
    "The likelihood keeps increasing with beta: every failure is at the largest time, so no finite estimate exists.",
  "life.notConverged":
    "{{distribution}} could not be estimated: the iterations did not converge, so no numbers are reported. The data may not determine every parameter (for example only censored units with no overlap); try another distribution or more data.",
  "life.gammaAtUpperBound":
    "The location parameter reached its upper limit just below the first time: the likelihood keeps increasing towards it (beta < 1). Consider the 2-parameter distribution.",
  "life.gammaAtLowerBound":
    "The likelihood keeps rising as the location parameter decreases without limit (towards the smallest extreme value distribution): no finite location fits best.",
  "life.likelihoodUnbounded":
    "The likelihood grows without bound as the location parameter approaches the first failure (beta < 1): {{distribution}} has no maximum-likelihood estimate for these data; use the 2-parameter distribution.",
  "life.locationNotSignificant":
    "The location parameter does not improve the fit at the chosen confidence: likelihood-ratio test against {{distribution}}, statistic {{statistic}}, p = {{p}}.",
  "life.allLeftCensored":
    "Every failure is left-censored and no unit survived past a failure time: the likelihood has no maximum, so {{distribution}} cannot be estimated. Exact failure times, intervals or later suspensions are needed.",
  "life.oneFailureTime":
    "Every failure can lie at one time ({{time}}) with no unit surviving past it: the likelihood has no maximum, so {{distribution}} needs failures at two or more distinct times.",
  "life.lrNeedsTwoParameters":
    "Likelihood ratio bounds are available for Weibull 1P and 2P, exponential 1P, normal, lognormal, loglogistic and Gumbel.",
  "life.lrNeedsMle": "Likelihood ratio bounds are built around the MLE; choose MLE or Fisher matrix bounds.",
  "life.mixtureNeedsFailures":
    "A mixture of {{count}} subpopulations needs at least {{needed}} distinct failure times.",
  "life.tooFewFailuresForDistribution": "{{distribution}} needs at least {{needed}} failures.",
  "life.zeroFailuresWeibayes":
    "No failures: the Weibayes estimate of eta is a lower bound at the chosen confidence, with beta fixed.",
  "life.singleFailure": "Only one failure: estimates are very uncertain.",
  "life.noCandidates": "No distribution could be fitted to these data.",
  // The drawing tool's rank data (spec 5: Y-Value (%) above 0 and below 100; X-Time is valuePositive).
  "life.rankPercentRange": "Y-Value (%) must be greater than {{min}} and below {{max}}.",

  // Accelerated life testing: src/kernels/alt (stress columns, levels, use stress).
  "alt.stressMissing": "The {{relationship}} relationship needs {{needed}} stress column(s).",
  "alt.stressNotNumber": "Stress must be a number.",
  "alt.stressPositive": "Stress must be a number greater than 0 for this relationship.",
  "alt.temperatureBelowZero": "Temperature must be above absolute zero (0 K).",
  "alt.twoLevels": "At least two stress levels with failures are needed.",
  "alt.useStress":
    "Give one use-stress value for each of the {{needed}} stress column(s), each valid for its transform.",
  "alt.notConverged": "The fit did not converge; the estimates may be inaccurate.",
  "alt.levelsForCovariates":
    "The model has {{needed}} parameters in stress but the data have only {{levels}} distinct stress levels.",
  "alt.normalEyring":
    "The normal distribution is not available with the Eyring relationship (its -ln T term belongs to ln t).",
  "alt.proportionalHazards":
    "Proportional hazards needs the Weibull distribution and a relationship other than Eyring.",

  // Block diagrams: validateRbd (src/kernels/rbd/validate.ts).
  "rbd.notObject": "The model must be a JSON object.",
  "rbd.name": "The name must be text.",
  "rbd.nonNegative": "Value must be a number greater than or equal to 0.",
  "rbd.number": "Value must be a number.",
  "rbd.probability": "Probability must be between 0-1.",
  "rbd.noRegular": "The diagram needs at least one regular block.",
  "rbd.diagramType": "A diagram needs a list of blocks and a list of connections.",
  "rbd.diagramEmpty": "The sub-diagram needs at least one block.",
  "rbd.blockType": "A block must be an object.",
  "rbd.blockId": "Every block needs an id other than start and end.",
  "rbd.duplicateId": "This id is used by another block.",
  "rbd.kind": "The kind must be regular, host, kofn, mirror or subdiagram.",
  "rbd.distributionMissing": "The block needs a distribution.",
  "rbd.distributionType":
    "The distribution must be fixed, exponential, weibull2p, weibull3p, normal, lognormal, gamma, loglogistic or gumbel.",
  "rbd.k": "k must be a whole number between 1 and {{n}}, the number of incoming branches.",
  "rbd.of": "of must equal {{n}}, the number of incoming branches.",
  "rbd.mirrorOf": "A mirror must refer to a regular or host block.",
  "rbd.edgeShape": "A connection must be a pair [from, to].",
  "rbd.edgeUnknown": "The connection refers to {{id}}, which is not a block of this diagram.",
  "rbd.intoStart": "Nothing can connect into start.",
  "rbd.fromEnd": "end cannot connect to anything.",
  "rbd.self": "A block cannot connect to itself.",
  "rbd.duplicate": "This connection is listed more than once.",
  "rbd.cycle": "The block is on a cycle.",
  "rbd.unreachable": "The block cannot be reached from start.",
  "rbd.deadEnd": "The block does not lead to end.",
  "rbd.disconnected": "The block is not connected to start or end.",
  "rbd.noPath": "No path connects start to end.",

  // Fault trees: validateFaultTree (src/kernels/fta/validate.ts); {{code}} is the element.
  "fta.missionTimeRange": "Mission time must be greater than 0.",
  "fta.codeRequired": "Every element needs a code.",
  "fta.codeDuplicate": "Code '{{code}}' is used by more than one element.",
  "fta.inputUndefined": "Gate '{{code}}' uses '{{input}}', which is not defined.",
  "fta.gateInputs": "Gate '{{code}}' needs more than one input.",
  "fta.xorInputs": "XOR gate '{{code}}' needs exactly two inputs.",
  "fta.singleInput": "Gate '{{code}}' needs exactly one input.",
  "fta.votingRequiredPath":
    "The required path of voting gate '{{code}}' must be an integer from {{min}} to the number of its inputs ({{n}}), at most {{max}}.",
  "fta.gateType": "Gate '{{code}}' has an unknown type '{{type}}'.",
  "fta.cycle": "Gate '{{code}}' is part of a cycle.",
  "fta.gateRequired": "The tree needs at least one gate.",
  "fta.topUndefined": "The top event '{{code}}' is not a gate of the tree.",
  "fta.topRequired": "The tree needs one top event.",
  "fta.topMultiple": "The tree has more than one top event: {{roots}}.",
  "fta.bottomRequired": "The tree needs at least one bottom event.",
  "fta.probabilityRange": "The probability of '{{code}}' at the mission time is {{p}}, outside 0 to 1.",
  "fta.expression": "The probability of '{{code}}' cannot be evaluated: {{error}}.",
  // Reliability test design (src/kernels/testdesign/validate.ts, planners.ts).
  "testDesign.plannerUnknown": "Unknown test planner; the planners are {{names}}.",
  "testDesign.oneUnknown": "Leave exactly one quantity blank to solve for it; blank now: {{names}}.",
  "testDesign.nothingToSolve": "Every quantity is filled in: leave one of {{names}} blank to solve for it.",
  "testDesign.missing": "Please enter {{names}}.",
  "testDesign.cannotSolve": "This planner cannot solve for {{quantity}}; it solves for {{names}}.",
  "testDesign.noPlan":
    "No test within the limits can give this: {{quantity}} has no solution for these inputs.",
  "testDesign.effectivenessRange": "Fix effectiveness must be between {{min}}-{{max}}.",
  "testDesign.riskRange": "Risk must be between {{min}}-{{max}}.",
  "testDesign.riskSolvesTime":
    "With a design MTTF and a producer's risk the planner solves for the test time.",
  "testDesign.failureTerminatedBound":
    "A failure-terminated test ends at its last failure: solve it for MTTF, reliability or confidence, not for a test time.",
  "testDesign.distributionText": "Write a distribution as its name and parameters: {{forms}}.",
  "testDesign.sprtOrder":
    "The acceptable failure proportion must be below the rejectable one, and both between 0 and 100 %.",
  // Reliability prediction: src/kernels/prediction (MIL-HDBK-217F models, the system tree, the roll-up).
  "prediction.agreeInfeasible":
    "AGREE cannot allocate the target to '{{name}}': its importance is too low for its share of the parts.",
  "prediction.assemblyCycle": "Assembly '{{name}}' is its own ancestor.",
  "prediction.assemblyId": "Every assembly needs an id.",
  "prediction.assemblyUnknown": "The part belongs to assembly '{{assembly}}', which does not exist.",
  "prediction.choiceUnknown": "{{field}} '{{value}}' is not one of: {{choices}}.",
  "prediction.classUnknown":
    "'{{partClass}}' is not a part class: use microcircuit, diode, transistor, resistor, capacitor, inductor, relay, switch, connector or crystal.",
  "prediction.complexityRange": "The complexity must be at most {{max}} for this microcircuit model.",
  "prediction.derating": "{{field}} {{value}} exceeds the derating limit {{limit}}.",
  "prediction.duplicateId": "The id '{{id}}' is used more than once.",
  "prediction.dutyRange": "Duty must be greater than 0 and at most 1.",
  "prediction.environmentUnknown":
    "'{{environment}}' is not one of the 14 environments GB, GF, GM, NS, NU, AIC, AIF, AUC, AUF, ARW, SF, MF, ML, CL.",
  "prediction.importanceRange": "Importance must be greater than 0 and at most 1.",
  "prediction.methodUnknown": "'{{method}}' is not a method: use parts count, parts stress or user rate.",
  "prediction.missionTime": "Mission time must be greater than 0.",
  "prediction.noRateForEnvironment":
    "MIL-HDBK-217F gives no rate for '{{subtype}}' in environment {{environment}}.",
  "prediction.parentUnknown": "The parent assembly '{{parent}}' does not exist.",
  "prediction.positive": "{{field}} must be a number greater than 0.",
  "prediction.nonNegative": "{{field}} must be a number of at least 0.",
  "prediction.qualityUnknown": "Quality '{{quality}}' is not one of: {{qualities}}.",
  "prediction.quantityRange": "Quantity must be a whole number from 1 to {{max}}.",
  "prediction.rateUnitUnknown": "'{{unit}}' is not a rate unit: use per 10^6 hours, FIT or per hour.",
  "prediction.ratioRange": "{{field}} must be a ratio from 0 to 1.",
  "prediction.rootCount":
    "The system tree needs exactly one system (an assembly without a parent); it has {{n}}.",
  "prediction.stressMissing": "The parts stress model needs {{field}}.",
  "prediction.stressNotModelled":
    "No parts stress model for {{partClass}} '{{subtype}}' here: the parts count rate is used.",
  "prediction.stressSubtype": "The parts stress model has no subtype '{{subtype}}': use {{subtypes}}.",
  "prediction.subtypeUnknown": "'{{subtype}}' is not a subtype of this class: use {{subtypes}}.",
  "prediction.targetRange": "The target must be a failure rate greater than 0.",
  "prediction.temperatureRange": "Temperature must be from {{min}} to {{max}} °C.",
  "prediction.userRateMissing": "A line with a user rate needs the rate.",
  "prediction.userRateRange": "The rate must be a number greater than or equal to 0.",
  "prediction.deviceMissing": "A line of the device dictionary method needs a device code.",
  "prediction.deviceUnknown": "The device dictionary has no code '{{code}}'.",
  "prediction.deviceNotConstant":
    "Device '{{code}}' has a {{distribution}} failure model; a prediction adds constant rates, so only an exponential entry without a location can be used.",
  "prediction.deviceRateInvalid": "Device '{{code}}' has no valid rate (P1 must be a number of at least 0).",
  "prediction.aboveRated":
    "Temperature {{temperature}} °C is above the rated temperature {{rated}} °C: the handbook's base rate stops at the rating.",
  "prediction.wholeNumber": "{{field}} must be a whole number of at least 1.",
  "prediction.holeCount": "{{field}} must be a whole number of at least 0.",
  "prediction.planesRange": "The number of circuit planes must be a whole number from 1 to {{max}}.",
  "prediction.number": "{{field}} must be a number.",
  "prediction.environmentConflict":
    "Assembly '{{assembly}}' already has environment {{environment}} from an earlier row.",
  "prediction.assemblyValueConflict":
    "Assembly '{{assembly}}' already has {{field}} {{value}} from an earlier row.",
  "prediction.bomColumns":
    "The header row needs a class column (or a rate column for user rates); found: {{found}}.",
  // Warranty (Nevada chart): the warranty kernel's input checks (src/kernels/warranty/validate.ts).
  "warranty.unknownOption": "{{option}} must be one of {{values}}; '{{value}}' is not.",
  "warranty.incrementInvalid": "The increment must be a number greater than 0.",
  "warranty.forecastRange": "Forecast periods must be a whole number from 1 to {{max}}.",
  "warranty.noSales": "The Nevada chart needs at least one sales period.",
  "warranty.tooLarge": "The Nevada chart may have at most {{max}} sales periods and {{max}} return periods.",
  "warranty.returnsWithoutSales": "Returns are given for a period without sales.",
  "warranty.periodUnobserved":
    "Sales period {{period}} lies beyond the last observed period: add return columns or remove the row.",
  "warranty.salesInvalid": "Sales must be a whole number of at least 0.",
  "warranty.returnInvalid": "Returns must be a whole number of at least 0.",
  "warranty.returnBeforeShipment":
    "A return cannot come before its shipment: this cell lies left of the diagonal.",
  "warranty.returnsExceedSales":
    "The returns of this period ({{returns}}) exceed its sales ({{sales}}); in the return-inclusive variant sales include the returned units.",
  "warranty.futureSalesInvalid": "Future sales must be a whole number of at least 0.",
  "warranty.notNumber": "'{{value}}' is not a number.",
  "warranty.cellOutsideChart": "This cell lies right of the last return column (its header is empty).",
  "warranty.noReturns": "The Nevada chart has no returns: there is nothing to fit.",
  // Reliability growth: the growth kernels' input checks (src/kernels/growth) and spec 5's plan rules.
  "growth.columnLength": "Every interval needs an end time and a failure count.",
  "growth.timeInvalid": "Time must be a number greater than 0.",
  "growth.intervalOrder": "Interval end times must increase from row to row.",
  "growth.countInvalid": "Failure count must be a whole number of at least 0.",
  "growth.tooManyFailures": "At most {{max}} failure records can be analyzed.",
  "growth.groupedTooFewIntervals": "Grouped data need at least two intervals.",
  "growth.groupedNoEstimate":
    "Every failure lies in the first interval, or every failure in the last: the growth parameter cannot be estimated.",
  "growth.endRequired": "A time-terminated test needs its end time.",
  "growth.endInvalid": "End of test must be a number greater than 0.",
  "growth.failureTerminatedPrototypes":
    "Several prototypes need a time-terminated test with an end time for each.",
  "growth.prototypeInvalid": "Prototype must be a whole number from 1 to {{max}}.",
  "growth.timeAfterEnd": "Failure time must not be later than the end of test ({{end}}).",
  "growth.tooFewFailures": "The analysis needs at least {{needed}} failures.",
  // Cost optimisation (src/kernels/cost/validate.ts): inputs the cost models cannot take, and their warnings.
  "cost.distribution": "Cost optimisation needs a life distribution of positive times: {{names}}.",
  "cost.infiniteMean":
    "This distribution has no finite mean life, so the costs per unit time cannot be computed; use a log-logistic sigma below 1 or another distribution.",
  "cost.detectionZero": "A detection probability of 0 never finds the failure; enter a value above 0.",
  "cost.noFiniteOptimum":
    "There is no finite optimum replacement age: the failure rate does not rise enough (no wear-out, for example beta at most 1), so running to failure costs least.",
  "cost.noFiniteInterval":
    "There is no finite optimum inspection interval: the cost per unit time falls as the interval grows.",
  "cost.intervalBelowRange":
    "The optimum inspection interval is shorter than a ten-millionth of the mean life, outside the range searched; check the costs.",
  "cost.weibullSetUnfitted":
    "The stored set has no fitted distribution the cost models take (Weibull, exponential, lognormal, gamma, log-logistic); fit and save it first.",
  "growth.timesAllAtEnd": "Every failure lies at the end of test: the growth parameter cannot be estimated.",
  "growth.targetInvalid": "Target MTBF must be a number greater than 0.",
  "growth.significanceInvalid": "Significance must be 0.2, 0.15, 0.1, 0.05 or 0.01.",
  "growth.duaneOnePrototype": "Duane's model takes the failures of one prototype.",
  "growth.duaneGrouped": "Duane's model takes individual failure times, not grouped data.",
  "growth.fractionRange": "The value must be greater than 0 and at most 1.",
  "growth.lagRange": "The fix lag must be at least 0.",
  "growth.pm2NeedsMtbf": "PM2 plans in MTBF: give the initial level as an MTBF.",
  "growth.pm2Infeasible":
    "The final target must be below the growth potential ({{potential}}): PM2 cannot reach it.",
  "growth.effectivenessRange": "Fix effectiveness must be between 0 and 1.",
  "growth.rateRange": "Growth rate must be at least {{min}} and less than {{max}}.",
  "growth.startTimeRange": "Growth start time must be between {{min}} and {{max}}.",
  "growth.mtbfRange": "The MTBF must be greater than {{min}} and at most {{max}}.",
  "growth.prototypesRange": "Prototype count must be a whole number from {{min}} to {{max}}.",
  "growth.reliabilityRange": "Reliability must be greater than 0 and less than 1.",
  "growth.stageAboveFinal": "The stage reliability target must not exceed the final target.",
  "growth.initialNotBelowStage": "The initial reliability level must be below the stage target.",
  "growth.testTimeNotAfterStart": "Test time must be greater than the growth start time.",
  "growth.endDateBeforeStart": "The end date must be after the start date.",
  "growth.potentialBelowTarget": "The growth potential must be at least the growth target.",
  "growth.startDateNotFuture": "The start date must be later than today.",
  "growth.planningTableEmpty": "The planning table needs at least one row.",
  "growth.fieldRequired": "{{field}} is required.",
  "growth.countZeroIndividual":
    "A failure record's count must be at least 1; a count of 0 (an interval without failures) needs Data set to grouped.",
  "growth.resolvedNeedsFields":
    "A resolved failure needs a resolution date, a failure reason and a solution.",
  "growth.readOnly": "This item is {{status}} and cannot be edited.",
  "growth.transitionRefused": "An item that is {{from}} cannot go to {{to}}.",
  "growth.notApprover": "Only the project manager or an administrator can approve or reject this item.",
  "growth.projectTerminated": "The project is terminated: its growth items are read-only.",
  "growth.dateInvalid": "A date must be written as YYYY-MM-DD.",
  "growth.taskRelease": "Approve the release of '{{name}}'",
  "growth.taskAbandon": "Approve discarding '{{name}}'",
  "growth.taskContent": "{{author}} asks for approval. Open the item: {{path}}",
  "growth.sentForApproval": "'{{name}}' was sent for approval.",
  "growth.approved": "'{{name}}' was approved: it is now {{status}}.",
  "growth.rejected": "'{{name}}' was rejected: it is {{status}} again.",
  "growth.kindFixed": "An item keeps its kind: a draft, a growth plan or a track cannot become another.",
  "growth.noApprover": "No project manager or administrator can approve this item.",
  // Design of experiments and statistics: src/kernels/stats/, src/kernels/doe/.
  "doe.notNumber": "{{name}}: value {{row}} is not a number.",
  "doe.sampleSize": "{{name}} needs at least {{min}} values.",
  "doe.sampleMax": "{{name}} can have at most {{max}} values.",
  "doe.constant": "{{name}} has no spread: every value is the same, so the test cannot be computed.",
  "doe.confidence": "The confidence level must be between {{min}}% and {{max}}%.",
  "doe.sided": "The alternative must be two, less or greater, not {{sided}}.",
  "doe.positive": "{{name}} must be a number greater than 0.",
  "doe.pairedLength": "Both columns must have the same number of values.",
  "doe.groups": "At least two groups are needed.",
  "doe.counts":
    "Group {{row}}: events must be a whole number from 0 to the number of trials, and trials at least 1.",
  "doe.trendTimes":
    "Event times must be greater than 0 and increasing, and the end of observation no earlier than the last event.",
  "doe.alpha": "The risk must be between 0 and 1.",
  "doe.factorCount": "A full factorial takes 2 to 4 factors.",
  "doe.columnLength": "Column {{name}} must have as many values as the others.",
  "doe.factorLevels": "Factor {{name}} needs at least two different levels, each listed once.",
  "doe.unbalanced":
    "Every combination of factor levels must be run the same number of times (a full factorial).",
  "doe.replicates": "Replicates must be a whole number from 1 to 100.",
  "doe.centrePoints": "Centre points must be a whole number from 0 to 100.",
  "doe.centreTwoLevel": "Centre points need every factor numeric with two levels.",
  "doe.readings": "Stage 1 needs exactly three readings of BOB and three of WOW.",
  "doe.multiVariShape":
    "A multi-vari study needs at least two periods, two pieces in each and two readings of each piece.",
  // Service: hostile or malformed input (issue 14).
  textInvalid: "{{field}} contains characters that cannot be stored (a NUL or a broken Unicode character).",
  textControlCharacters:
    "{{field}} cannot contain control characters, line breaks or text-direction characters.",
  idInvalid: "{{field}} must be a whole number written in decimal digits.",
  jsonTooDeep: "The request body is nested too deeply (at most {{max}} levels).",
  unsupportedMediaType: "The request body must be sent as {{type}}.",
  avatarUrlInvalid: "The avatar must be an uploaded image or an https: address.",
  tooManyRequests: "Too many requests. Try again in {{seconds}} seconds.",
  uploadPurposeUnknown: "Unknown upload purpose {{purpose}}.",
  // FMEA: the node model, node actions and team editing (src/shared/fmea).
  "fmea.nodeIdInvalid": "A node id is 1 to 40 letters, digits, - or _.",
  "fmea.scaleRatings": "A rating scale needs each rating from 1 to 10 exactly once.",
  "fmea.classDuplicate": "Two special characteristic classes have the same name.",
  "fmea.attributeDuplicate": "Two custom attributes have the same key.",
  "fmea.attributeKey": "An attribute key starts with a letter and has at most 40 letters, digits or _.",
  "fmea.linkEnd": "A link or node refers to a node that does not exist.",
  "fmea.functionLinkKinds": "The function net links a function to a lower-level function or characteristic.",
  "fmea.failureLinkKinds": "The failure net links a failure to a failure.",
  "fmea.linkLevel": "'{{to}}' must belong to a structure element directly below that of '{{from}}'.",
  "fmea.nodeExists": "A node or link with this id exists already.",
  "fmea.switchNotAllowed": "This structure element cannot switch its type here.",
  "fmea.pasteIntoItself": "A node cannot be pasted into itself or below itself.",
  "fmea.pasteLevel": "A {{kind}} cannot be placed under {{target}}: the level does not match.",
  "fmea.linkExists": "These two nodes are linked already.",
  "fmea.linkGone": "The link has been removed.",
  "fmea.nodeGone": "The node has been deleted.",
  "fmea.actionNotAllowed": "No Such Operation: {{action}} is not available on a {{kind}} node.",
  "fmea.clipboardEmpty": "Copy or cut a node before pasting.",
  "fmea.clipboardGone": "The copied node has been deleted.",
  "fmea.upgradeTop": "The node is at the top level already.",
  "fmea.downgradeFirst": "There is no element above this one to move it under.",
  "fmea.mergeTarget": "Merge needs another element of the same kind on the same level.",
  "fmea.mergeType": "Only elements of the same type can be merged.",
  "fmea.moveFirst": "The node is the first already.",
  "fmea.moveLast": "The node is the last already.",
  "fmea.editConflict": "Someone else changed this node in the meantime; their version is shown.",
  "fmea.notEditor": "Only the FMEA's compiler and its counselors can edit its nodes.",
  "fmea.unknownUser": "No user is called “{{name}}”.",
  "fmea.editConflictYours":
    "Someone else changed this node in the meantime; their version is shown. Yours was not saved: “{{mine}}”.",
  "fmea.tabNotAllowed": "A {{kind}} node has no {{tab}} tab.",
  "fmea.dateInvalid": "A date must be written as YYYY-MM-DD.",
  "fmea.revisionBeforeStart": "The revision date cannot be before the start date.",
  "fmea.sinceAhead": "The change number {{since}} is ahead of the FMEA's last change {{seq}}.",
  // FMEA dictionaries: device, failure, risk events (src/shared/schemas/dictionary.ts).
  createDictionaryNeedsRole: "Only an owner or a counselor can create a dictionary.",
  "dictionary.duplicateCode": "Code '{{code}}' is already used on line {{first}}.",
  "dictionary.tooManyRows": "A dictionary holds at most {{max}} entries.",
  "dictionary.severityRange": "Severity must be a whole number from {{min}} to {{max}}.",
  // FMEA diagrams and the fault tree from the failure net (src/shared/fmea/diagrams.ts, fault-tree.ts).
  "fmea.interfaceEnds": "An interface joins two different structure elements.",
  "fmea.interfaceNested": "An element and an element inside its boundary are not joined by an interface.",
  "fmea.notProcessStep": "Select a process step or an inspection station.",
  "fmea.reworkTarget": "A rework loop goes back to an earlier process step.",
  "fmea.notFailure": "Select a failure effect in the failure tree.",
  "fmea.effectWithoutModes": "'{{name}}' has no failure modes linked below it: link its failure chain first.",
  "fmea.occurrenceTable": "Each occurrence rating 1 to 10 needs a probability greater than 0 and at most 1.",
  "fmea.occurrenceOrder": "A higher occurrence rating cannot have a lower probability.",

  // Degradation (src/kernels/degradation/): the measurements, the path models, the pseudo failure times.
  "degradation.noFailureData":
    "The degradation data cannot generate valid failure data for weibull analysis.",
  "degradation.unitMissing": "Every measurement needs a unit id.",
  "degradation.timeInvalid": "Test time must be a number of at least 0.",
  "degradation.timePositive": "Test time must be a number greater than 0 for the {{model}} model.",
  "degradation.valueInvalid": "Measure value must be a number.",
  "degradation.valuePositive": "Measure value must be a number greater than 0 for the {{model}} model.",
  "degradation.thresholdInvalid": "The critical threshold must be a number.",
  "degradation.thresholdPositive":
    "The critical threshold must be a number greater than 0 for the {{model}} model.",
  "degradation.limitInvalid": "The time limit must be a number greater than 0.",
  "degradation.modelUnknown": "Unknown path model '{{name}}'.",
  "degradation.directionUnknown": "The threshold direction must be up or down.",
  "degradation.tooFewTimes":
    "Unit {{unit}} needs measurements at {{needed}} different times for the {{model}} model.",
  "degradation.pastThreshold":
    "The fitted path of unit {{unit}} is already past the threshold at its first measurement.",
  "degradation.notConverged": "The Gompertz fit of unit {{unit}} did not converge.",
  "degradation.tooManyMeasurements": "At most {{max}} measurements can be analyzed.",
  // FMEA risk table, control plan and form import (issue 18)
  "fmea.cellNoNode": "This row has no node for this cell: add it in the structure tree first.",
  "fmea.noAction": "Write the prevention or detection action first.",
  "fmea.statusUnknown":
    "'{{value}}' is no action status (open, decision pending, implementation pending, completed, not implemented).",
  "fmea.cellComputed": "This column is computed from the ratings and cannot be typed into.",
  "fmea.importEmptyName": "Line {{line}}: the {{column}} name is empty.",
  "fmea.importNameTooLong": "Line {{line}}: the {{column}} name is longer than {{max}} characters.",
  "fmea.importRating": "Line {{line}}: {{column}} must be a whole number from {{min}} to {{max}}.",
  "fmea.importNoRows": "The file holds no form rows under the header line.",
  "fmea.importWorkElementType": "Line {{line}}: '{{value}}' is no work element type ({{types}}).",
  // FMEA configuration in the risk table (issue 18)
  "fmea.specialUnknown":
    "'{{value}}' is no special characteristic class of this FMEA's configuration ({{classes}}).",
  "fmea.severityByColumns":
    "S is the highest of the plant, ship-to plant and end-user severities: rate those columns.",
  // Spec 5's O and D rule as S, the other rating of the form, has it (issue 18): the message names S.
  "fmea.severityRange": "Column S accepts only numbers {{min}} to {{max}}.",
  // Custom attributes of the FMEA's configuration, typed in the risk table or the attribute dialog (issue 18)
  "fmea.attributeNumber": "{{label}}: '{{value}}' is not a number.",
  "fmea.attributeChoice": "{{label}}: '{{value}}' is not one of the choices ({{choices}}).",
  "fmea.attributeNoNode": "{{label}} is kept on a {{kinds}} node, and this line has none.",
} as const;

export type MessageKey = keyof typeof MESSAGES;
export type MessageParams = Record<string, string | number>;

/** The messages that state a range: their {{min}} and {{max}} come from LIMITS, never typed in a text. */
export const MESSAGE_LIMITS: Partial<Record<MessageKey, Limit>> = {
  ciAnalysisRange: LIMITS.analysisConfidence,
  requiredCiRange: LIMITS.requiredConfidence,
  reliabilityRange: LIMITS.percent,
  ciRange: LIMITS.percent,
  betaRange: LIMITS.beta,
  testTimeRange: LIMITS.testTime,
  samplesRange: LIMITS.samples,
  failuresRange: LIMITS.failures,
  detectionProbabilityRange: LIMITS.probability,
  oAndDRange: LIMITS.rating,
  "dictionary.severityRange": LIMITS.rating,
  "fmea.importRating": LIMITS.rating,
  "fmea.severityRange": LIMITS.rating,
  "fta.votingRequiredPath": LIMITS.votingK,
  "testDesign.effectivenessRange": LIMITS.percent,
  "testDesign.riskRange": LIMITS.percent,
  "growth.rateRange": LIMITS.growthRate,
  "growth.startTimeRange": LIMITS.growthStartTime,
  "growth.mtbfRange": LIMITS.growthMtbf,
  "growth.prototypesRange": LIMITS.prototypes,
  "doe.confidence": LIMITS.analysisConfidence,
  "life.rankPercentRange": LIMITS.percent,
};

/**
 * A limit as the spec writes it in `language`: whole numbers grouped (1,000,000; 1.000.000 in Spanish),
 * fractions with every digit and never grouped.
 */
export function formatLimit(value: number, language = "en"): string {
  return new Intl.NumberFormat(language, {
    maximumFractionDigits: 20,
    useGrouping: Number.isInteger(value),
  }).format(value);
}

/** The parameters `key` is rendered with: the caller's, and a range message's limits in `language`. */
export function messageParams(key: string, params: MessageParams = {}, language = "en"): MessageParams {
  const limit = isMessageKey(key) ? MESSAGE_LIMITS[key] : undefined;
  return limit
    ? { ...params, min: formatLimit(limit.min, language), max: formatLimit(limit.max, language) }
    : params;
}

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(MESSAGES, value);
}

/** A translation file of messages with every range message's limits written in (the app loads these). */
export function withLimits<T extends Record<string, unknown>>(messages: T, language: string): T {
  const out: Record<string, unknown> = { ...messages };
  for (const [key, text] of Object.entries(messages))
    if (typeof text === "string" && isMessageKey(key) && MESSAGE_LIMITS[key])
      out[key] = text.replace(/\{\{(min|max)\}\}/g, (_, name: string) =>
        String(messageParams(key, {}, language)[name]),
      );
  return out as T;
}

/** The English text of `key` (the server's `msg`, the CLI): the one renderer outside the app. */
export function messageText(key: string, given?: MessageParams): string {
  const template: string = isMessageKey(key) ? MESSAGES[key] : key;
  const params = messageParams(key, given);
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}
