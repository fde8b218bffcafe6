import type { TFunction } from 'i18next';
import type { Rule } from 'antd/es/form';
import { operatorPasswordSchema } from '@meridian/contract/calls/operators';
import { verificationCodeSchema } from '@meridian/contract/calls/user';

/** An authenticator code: six digits (the contract's rule); optional before activation. */
export function codeRules(t: TFunction, required: boolean): Rule[] {
  return [
    { required, message: t('login.codeRequired') },
    {
      validator: async (_, value?: string) => {
        if (value && !verificationCodeSchema.safeParse(value).success) {
          throw new Error(t('login.codeRule'));
        }
      },
    },
  ];
}

/** The operator's own password: the contract's length rule, checked before sending. */
export function newPasswordRules(t: TFunction): Rule[] {
  return [
    { required: true, message: t('login.newPasswordRequired') },
    {
      validator: async (_, value?: string) => {
        if (value && !operatorPasswordSchema.safeParse(value).success) {
          throw new Error(t('login.newPasswordRule'));
        }
      },
    },
  ];
}
