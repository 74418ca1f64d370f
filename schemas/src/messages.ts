/**
 * The message catalogue: the original validation and error texts (docs/decisions.md), word for
 * word (quirks included, e.g. 'Please enter a validate email!', and the trailing space of the dob
 * banner), so server and browser show the same words. The compiler attaches the form messages to
 * the schema with ajv-errors' `errorMessage`; the others are used by the services that own them.
 */
export const MESSAGES = {
  // Account and sign-up (as in the original product)
  usernameRequired: 'Please input your username',
  passwordRequired: 'Please input your password',
  passwordRequiredBang: 'Please input your password!',
  firstNameRequired: 'Please input your first name!',
  lastNameRequired: 'Please input your last name!',
  emailRequired: 'Please input your email address!',
  emailInvalid: 'Please enter a validate email!',
  phoneRequired: 'Please input your phone number!',
  phoneDigitsOnly: 'Please enter only digits!',
  confirmPasswordRequired: 'Please confirm your password!',
  passwordsDoNotMatch: 'Passwords do not match!',
  passwordsDoNotMatchReset: 'Passwords do not match',
  checkboxMandatory: 'Please Select!',
  changePasswordAllFields: 'Please fill in all fields',
  changePasswordMismatch: 'New password and confirm password do not match!',
  emailTaken: 'Email already exist!! Please login or try with another email',
  emailTakenShort: 'This email already exists',
  dobBanner: 'Please enter valid dob in Basic tab ',
  // Success messages of the account calls (shown as notifications)
  loggedIn: 'User Logged In Successfully!!',
  otpSent: 'OTP sent successfully',
  otpSubmitted: 'OTP submitted successfully!',
  passwordReset: 'Password reset successfully',
  chatSignedUpNotice: 'User Signed Up Successfully!! [Chat Ended]',
  // The API's answers that the web shows too: the server sends them, the page shows the same words
  // when it confirms or explains a call itself (docs/architecture.md, "Words, statuses and dates live in schemas/")
  passwordChanged: 'Password changed successfully',
  oldPasswordNotMatched: 'Old Password Not Matched',
  profileUpdated: 'User updated successfully',
  autoApplyOn: 'Automatic application is on',
  autoApplyOff: 'Automatic application is off',
  scholarshipApplied: 'Scholarship applied successfully!',
  applicationSubmitted: 'Application submitted',
  applicationDraftSaved: 'Saved draft',
  subscriptionCancelled: 'Subscription Cancelled Successfully',
  organisationSaved: 'Organisation saved',
  requirementsSaved: 'Requirements saved',
  scholarshipPublished: 'Scholarship published',
  scholarshipClosed: 'Scholarship closed',
  pointsSaved: 'Points saved',
  serverError: 'Server Error',
  // Chat (docs/chat.md)
  chatMessageRequired: 'Please enter a message',
  chatTypeRequired: 'Please select a chat type either login or signup',
  chatEmailTaken: 'This email is already registered. Do you want to login with this email.',
  chatWrongPassword: 'Your password is incorrect. Select from the options below to proceed further',
  chatEmailNotFound: 'This email is not registered. Select from the options below to proceed further.',
  chatOtpIncorrect: 'Entered OTP is incorrect. Select from the options below to proceed further.',
  chatSignedUp: 'Your account is successfully created and you are logged in.',
  chatConfirmDetails: 'Are the following details correct ?',
  chatInternalError: 'Internal Error! Please try again later.',
  chatServiceError: 'Some internal error occured please try again later!!!',
  chatOtherError: 'Some error occured try again later!!',
  chatStepFailed: 'Error loading response',
  googleLoginFailed: 'Error in Google Login',
  featureNotAvailable: 'This feature not available yet',
  noScholarshipFound: 'Oops!! No Scholarship Found. Select from the other options.',
  assistantFailed: 'Some Error Occured!!!',
  // Profile
  dobRequired: 'Please select your date of birth!',
  minAge: 'User should not be less than 16 year!',
  monthYearBothParts: 'You must select both month and year!',
  percentageRange: 'Enter a valid percentage between 0 and 100',
  cgpa10Range: 'Enter a valid GPA between 0 and 10',
  // Requirement forms (as in the original product)
  requirementUpload: 'Please upload!',
  requirementProvide: 'Please provide!',
  requirementEssay: 'Please add essay!',
  // Support and contact (as in the original product)
  queryRequired: 'Please input your query',
  descriptionRequired: 'Please input your description',
  contactPhoneRequired: 'Please input your phone',
  contactMessageRequired: 'Please input your message',
  supportThanksTitle: 'Thank You!',
  supportThanks: 'We have received your query, we will get back to you soon.',
  /** The original promise of a support answer's delay, told in the receipt a request sends to the inbox. */
  supportReplyTime: 'Support replies typically come within 24 hours.',
  // Uploads (as in the original product)
  imageType: 'You can only upload JPG/PNG file!',
  imageSize: 'Image must be smaller than 2MB!',
  pdfType: 'You can only upload PDF file!',
  pdfSize: 'Pdf must be smaller than 2MB!',
  // Texts the original product does not give; this project's wording (docs/decisions.md)
  otpFormat: 'The OTP is 6 digits.',
  otpRequired: 'Please input the OTP from the e-mail!',
  answeredElsewhere: 'Answered',
  gpa4Range: 'Enter a valid GPA between 0 and 4',
  markingSystemRequired: 'Please select your marking system!',
  answerRequired: 'Please answer this question!',
  textInvalid: 'Please enter text!',
  birthdayInFuture: 'Birthday cannot be later than today!',
  monthYearOutOfRange: 'Please select a date from {from} up to {ahead} years ahead!',
  zipInvalid: 'Please enter a valid ZIP code!',
  linkInvalid: 'Please enter a valid link, starting with http:// or https://',
  uploadInvalid: 'Please upload the file here!',
  essayInvalid: 'Please write the essay or upload it as a file!',
  dateInvalid: 'Please enter a valid date!',
  numberInvalid: 'Please enter a number!',
  wholeNumberInvalid: 'Please enter a whole number!',
  chooseFromList: 'Please choose one of the options!',
  tooLong: 'Please use at most {max} characters!',
  tooShort: 'Please use at least {min} characters!',
  tooMany: 'Please choose at most {max}!',
  tooManyWords: 'Please keep it to {max} words or fewer!',
  patternMismatch: 'Please use the expected format!',
  numberRange: 'Please enter a number between {min} and {max}!',
  passwordTooShort: 'Password must be at least {min} characters long!',
  passwordTooLong: 'Password must be at most {max} characters long!',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** The API's answers to a sweepstakes entry (docs/api.md), in the order the API documents them. */
export const SWEEPSTAKES_MESSAGES = {
  applied: 'Successfully applied for scholarship',
  alreadyApplied: 'Already applied for scholarship',
  updateProfile: 'Please update your profile',
} as const;

/** Fills `{name}` placeholders of a catalogue text. */
export function formatMessage(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/**
 * The required message of a field when its definition gives none: the original form
 * ('Please select your date of birth!', 'Please input your first name!'), derived from its name.
 * Acronyms keep their capitals ('GPA'); a name that is a question gets a neutral sentence.
 */
export function defaultRequiredMessage(fieldName: string, choosesFromList: boolean): string {
  const name = fieldName.trim();
  if (name.endsWith('?')) return MESSAGES.answerRequired;
  const verb = choosesFromList ? 'select' : 'input';
  return `Please ${verb} your ${nameInSentence(name)}!`;
}

/** A field's name inside a sentence: lower case, acronyms keeping their capitals ('date of birth', 'GPA'). */
export function nameInSentence(fieldName: string): string {
  return fieldName
    .trim()
    .split(/\s+/)
    .map((word) => (/^[A-Z0-9]{2,}$/.test(word) ? word : word.toLowerCase()))
    .join(' ');
}
