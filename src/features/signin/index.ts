export { SignInPage, type SignInPageProps } from './SignInPage';
export { RegisterPage, type RegisterPageProps } from './RegisterPage';
export { ResetPasswordPage } from './ResetPasswordPage';
export { SetPasswordPage } from './SetPasswordPage';
export type { GoogleSignInOptions } from './GoogleButton';
