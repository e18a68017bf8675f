import styles from './payment-card-icons.module.css';

// Drawn inline: no image requests, and they scale with the text. Only the cards checkout takes:
// a Dankort is refused there (a Visa/Dankort pays as a Visa), so no Dankort logo (issue 36).

function Visa() {
  return (
    <svg viewBox="0 0 48 32" role="img" aria-label="Visa" className={styles.card}>
      <rect x="0.5" y="0.5" width="47" height="31" rx="4.5" fill="#fff" stroke="#d9d6cf" />
      <text
        x="24"
        y="20.5"
        textAnchor="middle"
        fontFamily="Arial, Helvetica, sans-serif"
        fontSize="13"
        fontWeight="800"
        fontStyle="italic"
        letterSpacing="0.5"
        fill="#1a1f71"
      >
        VISA
      </text>
      <rect x="8" y="25" width="32" height="2.5" rx="1" fill="#f7b600" />
    </svg>
  );
}

function Mastercard() {
  return (
    <svg viewBox="0 0 48 32" role="img" aria-label="Mastercard" className={styles.card}>
      <rect x="0.5" y="0.5" width="47" height="31" rx="4.5" fill="#fff" stroke="#d9d6cf" />
      <circle cx="19" cy="16" r="9" fill="#eb001b" />
      <circle cx="29" cy="16" r="9" fill="#f79e1b" />
      <path d="M24 8.5a9 9 0 0 1 0 15 9 9 0 0 1 0-15z" fill="#ff5f00" />
    </svg>
  );
}

export function PaymentCardIcons({ label }: { label: string }) {
  return (
    <ul className={styles.list} aria-label={label}>
      <li>
        <Visa />
      </li>
      <li>
        <Mastercard />
      </li>
    </ul>
  );
}
