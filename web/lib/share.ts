import type { Article } from '../../common/articles.ts';
import type { Event } from '../../common/events.ts';
import type { Place } from '../../common/places.ts';
import type { PublicProfile } from '../../common/profiles.ts';
import type { Review } from '../../common/reviews.ts';
import type { Shop } from '../../common/shops.ts';
import type { TeamDetail } from '../../common/teams.ts';
import type { Trick } from '../../common/tricks.ts';
import { pictureOf } from '../../common/photos-basics.ts';
import { shareCardPath } from '../../common/share-cards.ts';
import type { ShareOptions } from './page-meta.ts';

/**
 * Each kind of page's share preview and schema.org description (issue 21, item 6), passed to
 * usePageMeta; an item's picture is its first photo, large (else its typed image address), and
 * without one its generated card (its address named by what it shows: common/share-cards.ts). Only what the page itself shows the public: never an e-mail, a private team's
 * members or a secret spot's position to anyone who could not open the page.
 */

const person = (p: { name: string } | null | undefined) => (p ? { '@type': 'Person', name: p.name } : undefined);

export const eventShare = (event: Event): ShareOptions => ({
  card: shareCardPath('event', event.id, [event.name, event.disciplineId, event.startDate, event.location]),
  image: pictureOf(event),
  structured: {
    // schema.org's SportsEvent is for competitions; meetups, festivals and workshops are events.
    '@type': event.type === 'Competition' ? 'SportsEvent' : 'Event',
    name: event.name,
    description: event.description,
    startDate: event.startDate,
    endDate: event.endDate,
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    eventStatus: 'https://schema.org/EventScheduled',
    location: { '@type': 'Place', name: event.location },
    organizer: person(event.author),
    ...(event.price > 0 ? { offers: { '@type': 'Offer', price: event.price } } : { isAccessibleForFree: true }),
  },
});

export const placeShare = (place: Place): ShareOptions => ({
  card: shareCardPath('place', place.id, [place.name, place.disciplineId, place.location]),
  image: pictureOf(place),
  structured: {
    '@type': 'SportsActivityLocation',
    name: place.name,
    address: place.location,
    geo: { '@type': 'GeoCoordinates', latitude: place.latitude, longitude: place.longitude },
  },
});

export const articleShare = (article: Article): ShareOptions => ({
  card: shareCardPath('article', article.id, [article.title, article.disciplineId]),
  kind: 'article',
  image: pictureOf(article),
  structured: { '@type': 'Article', headline: article.title, description: article.excerpt, datePublished: article.createdAt, author: person(article.author) },
});

export const reviewShare = (review: Review): ShareOptions => ({
  card: shareCardPath('review', review.id, [review.productName, review.disciplineId]),
  kind: 'article',
  image: pictureOf(review),
  structured: {
    '@type': 'Review',
    name: review.productName,
    reviewBody: review.content,
    datePublished: review.createdAt,
    author: person(review.author),
    itemReviewed: { '@type': 'Product', name: review.productName, ...(review.brand ? { brand: { '@type': 'Brand', name: review.brand } } : {}) },
    reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 0 },
  },
});

export const shopShare = (shop: Shop): ShareOptions => ({
  card: shareCardPath('shop', shop.id, [shop.name, shop.disciplineId, shop.location]),
  image: pictureOf(shop),
  structured: {
    '@type': 'SportingGoodsStore',
    name: shop.name,
    description: shop.description,
    address: shop.location,
    ...(shop.website ? { sameAs: shop.website } : {}),
  },
});

export const trickShare = (trick: Trick): ShareOptions => ({
  card: shareCardPath('trick', trick.id, [trick.name, trick.disciplineId]),
  kind: 'article',
  structured: {
    '@type': 'HowTo',
    name: trick.name,
    description: trick.description,
    step: trick.steps.map((text, i) => ({ '@type': 'HowToStep', position: i + 1, text })),
    ...(trick.videoUrl ? { video: { '@type': 'VideoObject', name: trick.name, contentUrl: trick.videoUrl } } : {}),
  },
});

export const profileShare = (profile: PublicProfile): ShareOptions => ({
  card: shareCardPath('profile', profile.id, [profile.name, profile.location]),
  kind: 'profile',
  image: profile.avatarUrl,
  structured: {
    '@type': 'Person',
    name: profile.name,
    ...(profile.bio ? { description: profile.bio } : {}),
    ...(profile.location ? { homeLocation: profile.location } : {}),
  },
});

export const teamShare = (team: TeamDetail): ShareOptions => ({
  card: shareCardPath('team', team.id, [team.name, team.location]),
  image: team.logoUrl,
  structured: {
    '@type': 'SportsTeam',
    name: team.name,
    ...(team.description ? { description: team.description } : {}),
    ...(team.location ? { location: team.location } : {}),
    ...(team.foundedDate ? { foundingDate: team.foundedDate } : {}),
  },
});
