/**
 * What the city page's signup slot shows, loaded by it only when one is due: most visits never show
 * either, so neither (nor the form, its validation and the dialog's focus handling) is part of the
 * city page's first load (issue 16).
 */
export { BoligagentSignupModal } from './boligagent-signup-modal';
export { BoligagentSignupPrompt } from './boligagent-signup-prompt';
