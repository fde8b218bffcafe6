import { devOutbox } from './dev.ts';
import {
  accountVerificationBinding,
  antiCode,
  createApiKey,
  deleteApiKey,
  deleteDevice,
  getGoogleVerification,
  getLoginDevice,
  getLoginLog,
  googleVerificationBindingOrReset,
  listApiKeys,
  sendEmailOpen,
  sendSmsOpen,
  tradePwd,
  updateDevice,
} from './member.ts';
import { health } from './system.ts';
import {
  backPwd,
  bindEmail,
  getCountryCode,
  getInfo,
  getPublicKey,
  login,
  logout,
  refreshToken,
  register,
  sendEmailCode,
  sendMobileCode,
  tardPwdSet,
  updatePwd,
  updateUserLoginPwd,
} from './user.ts';

export * from './dev.ts';
export * from './market.ts';
export * from './member.ts';
export * from './system.ts';
export * from './user.ts';

/** Every call the platform serves; the server registers each and the docs list each. */
export const ALL_CALLS = [
  health,
  login,
  register,
  refreshToken,
  logout,
  getInfo,
  getPublicKey,
  getCountryCode,
  sendEmailCode,
  sendMobileCode,
  backPwd,
  bindEmail,
  updateUserLoginPwd,
  tardPwdSet,
  updatePwd,
  sendEmailOpen,
  sendSmsOpen,
  accountVerificationBinding,
  getLoginLog,
  getLoginDevice,
  deleteDevice,
  updateDevice,
  getGoogleVerification,
  googleVerificationBindingOrReset,
  tradePwd,
  antiCode,
  listApiKeys,
  createApiKey,
  deleteApiKey,
  devOutbox,
] as const;
