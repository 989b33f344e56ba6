/** Where "now" comes from. Tests use a fake clock they move forward; nothing in core reads the system time. */
export interface Clock {
  now(): Date;
}
