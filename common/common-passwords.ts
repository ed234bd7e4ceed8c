// The most used passwords of public breach lists that are 6+ characters long (the only ones our
// minimum lets through). Refused at sign-up, change and reset.
export const COMMON_PASSWORDS = new Set([
  '123456', '1234567', '12345678', '123456789', '1234567890', '111111', '000000', '123123', '654321', '666666',
  '121212', '112233', '123321', '555555', '777777', '888888', '987654321', 'password', 'password1', 'password123',
  'passw0rd', 'qwerty', 'qwerty123', 'qwertyuiop', 'azerty', 'abc123', 'abcdef', 'abc12345', 'iloveyou', 'monkey',
  'dragon', 'letmein', 'football', 'baseball', 'welcome', 'welcome1', 'sunshine', 'princess', 'shadow', 'master',
  'superman', 'michael', 'charlie', 'jennifer', 'jordan23', 'trustno1', 'starwars', 'computer', 'freedom', 'whatever',
  'qazwsx', 'asdfgh', 'asdfghjkl', 'zxcvbn', 'zxcvbnm', '1q2w3e4r', '1qaz2wsx', 'q1w2e3r4', 'aa123456', 'admin123',
  'administrator', 'changeme', 'secret', 'hello123', 'loveme', 'lovely', 'flower', 'hottie', 'killer', 'soccer',
  'hockey', 'batman', 'pokemon', 'mustang', 'ashley', 'bailey', 'daniel', 'jessica', 'nicole', 'buster',
  'summer', 'cheese', 'internet', 'google', 'samsung', 'chocolate', 'pepper', 'ginger', 'hunter', 'tigger',
  'stoked', 'stoked123', 'skateboard', 'snowboard', 'surfing',
]);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
