// One password rule for signup, change and reset (issue 15, OWASP ASVS 5.0 §6.2): at least 8
// characters, up to 128 (never a limit below 64, so pass phrases and password managers fit), and not
// one of the passwords people choose most. No composition rules: ASVS advises against them.
// Length counts characters (code points) of the trimmed password, as the forms compare it trimmed.

export const PASSWORD_RULE = { minLength: 8, maxLength: 128 } as const;

/**
 * The most chosen passwords of 8 characters or more: the top of the public breach lists (NCSC's
 * 100k list, SecLists) and the Danish ones people reach for. Compared in lower case; the shorter
 * ones are already refused by the length.
 */
const COMMON_PASSWORDS = new Set([
  '12345678', '123456789', '1234567890', '0123456789', '12345678910', '87654321', '987654321', '11111111',
  '00000000', '88888888', '12341234', '12344321', '11223344', '123123123', '123456123', '1234qwer',
  '12qwaszx', '1q2w3e4r', '1q2w3e4r5t', '1qaz2wsx', '1qazxsw2', 'zaq12wsx', 'q1w2e3r4', 'q1w2e3r4t5',
  'qwertyui', 'qwertyuiop', 'qwerty12', 'qwerty123', 'qwerty1234', 'asdfghjk', 'asdfghjkl', 'zxcvbnm1',
  'abcd1234', 'abc12345', 'abc123456', 'a1b2c3d4', 'aa123456', 'password', 'password1', 'password12',
  'password123', 'password!', 'passw0rd', 'p@ssw0rd', 'p@ssword', 'pa55word', 'iloveyou', 'iloveyou1',
  'sunshine', 'princess', 'football', 'baseball', 'basketball', 'welcome1', 'welcome123', 'letmein1',
  'trustno1', 'superman', 'batman123', 'starwars', 'computer', 'michelle', 'jennifer', 'whatever',
  'dragon12', 'monkey123', 'internet', 'samsung1', 'master12', 'shadow12', 'liverpool', 'chelsea1',
  'arsenal1', 'football1', 'butterfly', 'chocolate', 'midnight', 'mercedes', 'november', 'december',
  'september', 'benjamin', 'alexander', 'jordan23', 'charlie1', 'michael1', 'pokemon1', 'minecraft',
  'fortnite', 'hello123', 'helloworld', 'changeme', 'administrator', 'admin123', 'admin1234', 'secret123',
  'test1234', 'testtest', 'qazwsxedc', 'asdasdasd', 'qweqweqwe', 'zxczxczxc', 'aaaaaaaa', 'abcdefgh',
  'abcdefg1', 'loveyou1', 'lovelove', 'princess1', 'sunshine1', 'google123', 'facebook', 'linkedin',
  // Danish favourites.
  'kodeord1', 'kodeord12', 'kodeord123', 'kodeordet', 'adgangskode', 'adgangskode1', 'adgangskode123',
  'hejmeddig', 'hejmeddig1', 'hejmeddig123', 'hejhej123', 'hejhejhej', 'jegelskerdig', 'elskerdig',
  'fodbold1', 'fodbold12', 'fodbold123', 'brondby1', 'broendby', 'brøndby1', 'fckobenhavn', 'fckøbenhavn',
  'danmark1', 'danmark12', 'danmark123', 'kobenhavn', 'koebenhavn', 'københavn', 'qwertyuiopå',
  'sommer2024', 'sommer2025', 'sommer2026', 'sommer2027', 'vinter2024', 'vinter2025', 'vinter2026',
  'efterår2025', 'efteraar2025', 'forår2026', 'foraar2026', 'sommerfugl', 'solskin1', 'mormor123',
  'kæreste1', 'kaereste1', 'hundehund', 'kattekat', 'lejlighed', 'lejlighed1', 'boligsøger', 'boligsoeger',
  'husly123', 'husly1234', 'huslyhusly', 'husly2026',
]);

export type PasswordProblem = 'password-too-short' | 'password-too-long' | 'password-too-common';

/** What is wrong with a new password, or null; the caller has already checked it is not blank. */
export function passwordProblem(password: string): PasswordProblem | null {
  const trimmed = password.trim();
  const length = [...trimmed].length;
  if (length < PASSWORD_RULE.minLength) return 'password-too-short';
  if (length > PASSWORD_RULE.maxLength) return 'password-too-long';
  const lower = trimmed.toLowerCase();
  // One character repeated ("kkkkkkkk") is as guessable as any list entry.
  if (COMMON_PASSWORDS.has(lower) || new Set(lower).size === 1) return 'password-too-common';
  return null;
}
