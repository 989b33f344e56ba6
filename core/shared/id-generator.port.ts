/** Where new ids come from (UUIDs in production, predictable sequences in tests). */
export interface IdGenerator {
  next(): string;
}
