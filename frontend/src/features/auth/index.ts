export { AuthCard, AuthFrame, AuthNote, AuthTitle } from './AuthCard';
export { ConfirmPasswordField, NewPasswordField } from './PasswordFields';
export { hasBothNames } from './complete-profile/profile-destination';
export { TwoFactorSection } from './two-factor/TwoFactorSection';
export { WorkspaceSsoButton } from './login/WorkspaceSsoButton';
export { HeldMailBanner } from './verify-email/HeldMailBanner';
export { ResendConfirmationButton } from './verify-email/ResendConfirmationButton';
