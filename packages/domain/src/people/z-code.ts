/** Dealers are shown by their numeric id as a dealer code `Z-{id}`. */
export function zCode(id: number): string {
  return `Z-${id}`;
}

/** Reads `Z-123`, `z123` or `123` back to the id; undefined when it is not a dealer code. */
export function parseZCode(value: string): number | undefined {
  const match = /^\s*(?:z-?)?(\d{1,9})\s*$/i.exec(value);
  return match ? Number(match[1]) : undefined;
}
