// Kenya shillings as Kenyans write them, in English and Kiswahili alike:
// "KES 200,000", rounded to the shilling. The page and its island both format
// through here.

const grouped = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 });

/** 200000 → "200,000": an amount rounded to the shilling, its thousands grouped. */
export const groupShillings = (amount: number): string => grouped.format(Math.round(amount));

/** 200000 → "KES 200,000". */
export const formatKes = (amount: number): string => `KES ${groupShillings(amount)}`;
