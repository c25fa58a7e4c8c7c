/** Whole years between a birth date ('1980-05-17') and `today`. */
export function ageInYears(birthDate: string, today: Date): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(birthDate);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  let age = today.getFullYear() - year;
  const beforeBirthday =
    today.getMonth() + 1 < month || (today.getMonth() + 1 === month && today.getDate() < day);
  if (beforeBirthday) age--;
  return age >= 0 ? age : undefined;
}

/** 'ready' → 'Ready', 'on-hold' → 'On hold'. */
export function statusText(status: string | undefined): string {
  if (!status) return '';
  const words = status.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
