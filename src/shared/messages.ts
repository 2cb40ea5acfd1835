// The user-facing texts of spec sections 5 and 8 (word for word where the spec gives them) and the
// service's own messages, under stable keys. The server answers `msg` in English and `msgKey` with the
// key; the app translates the key (locales/<lang>/messages.json uses the same keys). `{{name}}` marks a
// parameter, the i18next syntax, so both ends interpolate the same way.

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
  ciAnalysisRange: "CI must be between 50-99.99.",
  reliabilityRange: "Reliability must be between 0-100.",
  ciRange: "CI must be between 0-100.",
  requiredCiRange: "Please enter a value between 10-100.",
  betaRange: "Beta range must be between 0.0001-24.",
  testTimeRange: "Test time and MTTF must be between 0.0001-999999999.9999.",
  samplesRange: "Number of samples must be between 1-1,000,000.",
  failuresRange: "Number of failures must be between 0-100,000.",
  failuresExceedSamples: "Failures cannot exceed samples.",
  detectionProbabilityRange: "Detection probability must be between 0-1.",
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
  oAndDRange: "Columns O and D accept only numbers 1 to 10.",
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
} as const;

export type MessageKey = keyof typeof MESSAGES;
export type MessageParams = Record<string, string | number>;

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(MESSAGES, value);
}

/** The English text of a key with `{{name}}` parameters filled in; an unknown key is returned as is. */
export function messageText(key: string, params?: MessageParams): string {
  const template: string = isMessageKey(key) ? MESSAGES[key] : key;
  if (!params) return template;
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}
