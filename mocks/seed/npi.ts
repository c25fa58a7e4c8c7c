/**
 * National Provider Identifiers end with a Luhn check digit computed over "80840" followed by the
 * first nine digits. The seed only uses made-up nine-digit bodies, but with a correct check digit.
 */
export function npiFromBody(body: string): string {
  if (!/^\d{9}$/.test(body)) {
    throw new Error(`An NPI body has nine digits: ${body}`);
  }
  const digits = `80840${body}`.split('').map(Number);
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    // Double every second digit counting from the right, where the check digit will follow.
    let digit = digits[digits.length - 1 - i] ?? 0;
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) {
        digit -= 9;
      }
    }
    sum += digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}
