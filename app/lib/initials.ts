/** "A. Sharma" → "AS", "Asha Devi Rao" → "AR": the initials of a face shown without a photo. */
export function initialsOf(name: string): string {
  const letters = name
    .split(/[\s.]+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() ?? "");
  return (letters.length > 2 ? [letters[0], letters.at(-1)] : letters).join("");
}
