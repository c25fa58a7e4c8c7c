/** Touch targets of at least 44 px, for staff on tablets. */
export const TOUCH_TARGET = { minHeight: 44 } as const;

export const touchInputStyles = { input: TOUCH_TARGET } as const;
