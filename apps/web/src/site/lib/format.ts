/**
 * The site's names for the product's one set of formatters (@studio/validators: date-format.ts and format.ts), so
 * the site, the back office and the e-mails write "Thursday, 3 December 2026", "2:00 PM" and "$1,299" alike.
 */
export {
  formatDate as dateLabel,
  formatTime as timeLabel,
  formatUsd as priceLabel,
  plural,
} from "@studio/validators";
