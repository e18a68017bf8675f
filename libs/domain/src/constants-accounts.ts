// Account numbers (spec section 5). Only the profile and signup rules use them (part of constants.ts).

export const PROFILE = {
  nameMaxLength: 50,
} as const;
