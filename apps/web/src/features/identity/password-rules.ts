import type { FormRule } from 'antd';
import i18next from 'i18next';
import { passwordProblem } from '@meridian/core';

/** The form's check of the password rule, worded by what is wrong. */
export const passwordRule: FormRule = {
  validator: async (_rule, value: string | undefined) => {
    if (!value) throw new Error(i18next.t('identity:account.password.required'));
    const problem = passwordProblem(value);
    if (problem) throw new Error(i18next.t(`identity:account.password.problem.${problem}`));
  },
};

/** The confirmation must equal the field named `field`. */
export function confirmRule(field: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: string | undefined) => {
      if (!value) throw new Error(i18next.t('identity:account.password.confirmRequired'));
      if (value !== getFieldValue(field))
        throw new Error(i18next.t('identity:account.password.mismatch'));
    },
  });
}
