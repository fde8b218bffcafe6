/**
 * How a value that has more digits than are kept is brought to fewer: `down` is towards
 * zero, `up` away from zero, `floor` and `ceil` towards -∞ and +∞; `half-even` and
 * `half-up` go to the nearest and differ only on an exact half (`half-up` takes it away
 * from zero). There is no default: losing a digit is always the caller's decision.
 */
export type Rounding = 'down' | 'up' | 'floor' | 'ceil' | 'half-even' | 'half-up';

const PLAIN = /^-?\d+(?:\.\d+)?$/;
const LENIENT = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

const pow10 = (n: number) => 10n ** BigInt(n);

function checkScale(scale: number): number {
  if (!Number.isSafeInteger(scale) || scale < 0) {
    throw new RangeError(`scale must be a whole number from 0, got ${scale}`);
  }
  return scale;
}

function roundsAway(
  rounding: Rounding,
  quotient: bigint,
  remainder: bigint,
  divisor: bigint,
): boolean {
  const twice = 2n * (remainder < 0n ? -remainder : remainder);
  switch (rounding) {
    case 'down':
      return false;
    case 'up':
      return true;
    case 'floor':
      return remainder < 0n;
    case 'ceil':
      return remainder > 0n;
    case 'half-up':
      return twice >= divisor;
    case 'half-even':
      return twice > divisor || (twice === divisor && quotient % 2n !== 0n);
  }
}

/** `numerator / divisor` as a whole number, rounded. */
function divideRounded(numerator: bigint, divisor: bigint, rounding: Rounding): bigint {
  // With a positive divisor the remainder carries the sign of the exact quotient.
  const [n, d] = divisor < 0n ? [-numerator, -divisor] : [numerator, divisor];
  const quotient = n / d;
  const remainder = n % d;
  if (remainder === 0n || !roundsAway(rounding, quotient, remainder, d)) return quotient;
  return remainder < 0n ? quotient - 1n : quotient + 1n;
}

/**
 * An exact decimal, `units / 10^scale`: 1.25 is 125n at scale 2. Amounts, prices and rates
 * outside the engine are computed on this so that no step goes through a JS number. The
 * scale is kept as given (1.50 stays at scale 2, a product has the sum of the scales), so
 * nothing is lost until a rounding is asked for; comparisons are by value.
 */
export class Decimal {
  private constructor(
    readonly units: bigint,
    readonly scale: number,
  ) {}

  static fromUnits(units: bigint, scale: number): Decimal {
    return new Decimal(units, checkScale(scale));
  }

  /**
   * Reads a plain decimal: digits, an optional fraction, an optional leading minus; no
   * exponent, spaces or `+`. The scale is the fraction as written ("1.50" is scale 2). Bad
   * text is null rather than an error because each caller answers it its own way.
   */
  static parse(text: string): Decimal | null {
    if (!PLAIN.test(text)) return null;
    const point = text.indexOf('.');
    return new Decimal(BigInt(text.replace('.', '')), point < 0 ? 0 : text.length - point - 1);
  }

  /**
   * Reads what people and other systems write: also "+1", ".5", "5.", "1e6", "1.2E-7" and
   * surrounding spaces. For display and input only: amounts that are stored or sent are
   * read with `parse`, which refuses all of these.
   */
  static parseLenient(text: string): Decimal | null {
    const match = LENIENT.exec(text.trim());
    if (!match) return null;
    const [, sign, whole = '', fraction = '', exponent = '0'] = match;
    if (whole === '' && fraction === '') return null;
    const magnitude = BigInt(whole + fraction);
    const units = sign === '-' ? -magnitude : magnitude;
    // The exponent only moves the point; this type has no negative scale.
    const scale = fraction.length - Number.parseInt(exponent, 10);
    return scale >= 0 ? new Decimal(units, scale) : new Decimal(units * pow10(-scale), 0);
  }

  /** The units at a scale at least this one's, exactly. */
  private unitsAt(scale: number): bigint {
    return this.units * pow10(scale - this.scale);
  }

  plus(other: Decimal): Decimal {
    const scale = Math.max(this.scale, other.scale);
    return new Decimal(this.unitsAt(scale) + other.unitsAt(scale), scale);
  }

  minus(other: Decimal): Decimal {
    return this.plus(other.negate());
  }

  times(other: Decimal): Decimal {
    return new Decimal(this.units * other.units, this.scale + other.scale);
  }

  /** `this / divisor` at `scale` decimals: a quotient rarely ends, so the rounding is asked. */
  dividedBy(divisor: Decimal, scale: number, rounding: Rounding): Decimal {
    if (divisor.units === 0n) throw new RangeError('division by zero');
    checkScale(scale);
    // (a / 10^as) / (b / 10^bs) in units of 10^-scale is a·10^(scale+bs-as) / b.
    const shift = scale + divisor.scale - this.scale;
    const numerator = shift >= 0 ? this.units * pow10(shift) : this.units;
    const denominator = shift >= 0 ? divisor.units : divisor.units * pow10(-shift);
    return new Decimal(divideRounded(numerator, denominator, rounding), scale);
  }

  negate(): Decimal {
    return new Decimal(-this.units, this.scale);
  }

  abs(): Decimal {
    return this.units < 0n ? this.negate() : this;
  }

  sign(): -1 | 0 | 1 {
    return this.units === 0n ? 0 : this.units < 0n ? -1 : 1;
  }

  isZero(): boolean {
    return this.units === 0n;
  }

  compare(other: Decimal): -1 | 0 | 1 {
    const scale = Math.max(this.scale, other.scale);
    const a = this.unitsAt(scale);
    const b = other.unitsAt(scale);
    return a === b ? 0 : a < b ? -1 : 1;
  }

  eq(other: Decimal): boolean {
    return this.compare(other) === 0;
  }

  lt(other: Decimal): boolean {
    return this.compare(other) < 0;
  }

  gt(other: Decimal): boolean {
    return this.compare(other) > 0;
  }

  /** The same value at exactly `scale` decimals; `rounding` applies only when digits go. */
  rescale(scale: number, rounding: Rounding): Decimal {
    checkScale(scale);
    if (scale >= this.scale) return new Decimal(this.unitsAt(scale), scale);
    return new Decimal(divideRounded(this.units, pow10(this.scale - scale), rounding), scale);
  }

  /** The largest whole number of `step`s (ticks, lots) not above this value. */
  floorToStep(step: Decimal): Decimal {
    if (step.units <= 0n) throw new RangeError(`step must be positive, got ${step}`);
    const scale = Math.max(this.scale, step.scale);
    const size = step.unitsAt(scale);
    return new Decimal(divideRounded(this.unitsAt(scale), size, 'floor') * size, scale);
  }

  /** Digits the fraction needs: trailing zeros do not count ("0.0100" needs 2). */
  decimalPlaces(): number {
    let { units, scale } = this;
    while (scale > 0 && units % 10n === 0n) {
      units /= 10n;
      scale -= 1;
    }
    return scale;
  }

  /** The canonical text: no trailing fraction zeros, no exponent, never "-0". */
  toString(): string {
    const text = this.digits();
    // With a scale above 0 there is a point, so only fraction zeros (and the point) go.
    return this.scale > 0 ? text.replace(/\.?0+$/, '') : text;
  }

  /** Exactly `decimals` fraction digits, padded with zeros, so columns line up. */
  toFixed(decimals: number, rounding: Rounding): string {
    return this.rescale(decimals, rounding).digits();
  }

  /**
   * `Number(d)`, `d * 2` and `a < b` would otherwise quietly read the text as a float (or
   * compare text); money never goes through a JS number, so they fail loudly instead.
   */
  valueOf(): never {
    throw new TypeError('a Decimal is not a number: use its methods or toString()');
  }

  private digits(): string {
    const negative = this.units < 0n;
    const all = (negative ? -this.units : this.units).toString().padStart(this.scale + 1, '0');
    const point = all.length - this.scale;
    const fraction = this.scale > 0 ? `.${all.slice(point)}` : '';
    return `${negative ? '-' : ''}${all.slice(0, point)}${fraction}`;
  }
}
