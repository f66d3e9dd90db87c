/** docs/product.md "Links, clicks and sharing": user agents whose views and clicks are not counted. */
const BOT_USER_AGENT =
  /bot|crawl|spider|slurp|facebookexternalhit|embedly|preview|whatsapp|telegrambot|discordbot|slackbot|twitterbot|linkedinbot/i;

/** An empty user agent counts as a bot too. The pattern has no nested repetition: linear time. */
export const isBot = (userAgent: string | undefined): boolean => !userAgent?.trim() || BOT_USER_AGENT.test(userAgent);

/** The visitor is the card's owner. */
export const isOwnCard = (visitor: { userId: number | undefined }, ownerId: number): boolean => visitor.userId === ownerId;

/** A view of a card, or a click on one of its links, counts unless it is the owner's or a bot's. */
export function countsAsVisit(visitor: { userId: number | undefined; userAgent: string | undefined }, ownerId: number): boolean {
  return !isOwnCard(visitor, ownerId) && !isBot(visitor.userAgent);
}
