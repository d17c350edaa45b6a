// The account feature's face: all that other features may import from it (docs/ARCHITECTURE.md, SPA seams).
export { AlertsEmailForm } from './components/AlertsEmailForm';
export { ChangePasswordForm } from './components/ChangePasswordForm';
export { DeleteAccountSection } from './components/DeleteAccountSection';
export { EmailChangeForm } from './components/EmailChangeForm';
export { TwoFactorSection } from './components/TwoFactorSection';
