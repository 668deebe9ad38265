/**
 * Ghanaian banks a doctor may be paid to, with the 6-digit code Paystack's transfer recipient takes
 * as `bank_code` (the bank's Bank of Ghana sort-code prefix, as Paystack's GET /bank?country=ghana
 * lists them). A short list of the larger banks, kept by hand: add a bank by checking its `code`
 * in that list.
 */
export const GHANA_BANKS: ReadonlyArray<{ value: string; label: string }> = [
  { value: "030100", label: "Absa Bank Ghana" },
  { value: "280100", label: "Access Bank Ghana" },
  { value: "080100", label: "Agricultural Development Bank (ADB)" },
  { value: "140100", label: "CalBank" },
  { value: "130100", label: "Ecobank Ghana" },
  { value: "240100", label: "Fidelity Bank Ghana" },
  { value: "170100", label: "First Atlantic Bank" },
  { value: "040100", label: "GCB Bank" },
  { value: "230100", label: "Guaranty Trust Bank (GTBank) Ghana" },
  { value: "180100", label: "Prudential Bank" },
  { value: "090100", label: "Societe Generale Ghana" },
  { value: "020100", label: "Standard Chartered Bank Ghana" },
  { value: "060100", label: "United Bank for Africa (UBA) Ghana" },
  { value: "120100", label: "Zenith Bank Ghana" },
];
