import type { DemoDesign } from './designs-seeder';

/** The rest of the catalog (not featured on the landing page), illustrated by scripts/draw-design-art.mjs. */
export const CATALOG_DESIGNS: readonly DemoDesign[] = [
  d('sahel-courtyard-house', ['Courtyard house', 'Maison à patio'], ['Rooms around a shaded inner courtyard that keeps the house cool without air conditioning.', 'Des pièces autour d’un patio ombragé qui garde la maison fraîche sans climatisation.'], 'standard', 5, 120, [72_000, 95_000]),
  d('coastal-stilt-house', ['Coastal house', 'Maison du littoral'], ['A raised two-storey house with sea-facing balconies and salt-resistant finishes.', 'Une maison surélevée sur deux niveaux, balcons face à la mer et finitions résistantes au sel.'], 'premium', 6, 150, [140_000, 185_000]),
  d('urban-narrow-house', ['Narrow town house', 'Maison de ville étroite'], ['Three storeys on a small plot: shop or office downstairs, family home above.', 'Trois niveaux sur une petite parcelle : commerce ou bureau au rez-de-chaussée, logement au-dessus.'], 'standard', 6, 135, [85_000, 110_000]),
  d('garden-cottage', ['Garden cottage', 'Cottage de jardin'], ['Two bedrooms, a generous kitchen and a garden-facing living room.', 'Deux chambres, une grande cuisine et un séjour ouvert sur le jardin.'], 'standard', 4, 78, [52_000, 68_000]),
  d('two-storey-family-home', ['Two-storey family home', 'Maison familiale à étage'], ['Four bedrooms upstairs, living spaces and a guest room downstairs.', 'Quatre chambres à l’étage, pièces de vie et chambre d’amis au rez-de-chaussée.'], 'premium', 8, 185, [150_000, 195_000]),
  d('eco-earth-house', ['Earth-block house', 'Maison en blocs de terre'], ['Compressed earth blocks, a green roof and solar panels for a low-running-cost home.', 'Blocs de terre compressée, toiture végétalisée et panneaux solaires pour une maison économe.'], 'standard', 5, 110, [64_000, 82_000]),
  d('rooftop-terrace-house', ['Rooftop terrace house', 'Maison avec toit-terrasse'], ['A flat-roofed house with a full rooftop terrace for evenings outside.', 'Une maison à toit plat avec une grande terrasse sur le toit pour les soirées dehors.'], 'premium', 6, 160, [125_000, 160_000]),
  d('semi-detached-pair', ['Semi-detached pair', 'Maisons jumelées'], ['Two mirrored three-bedroom homes: live in one, rent out the other.', 'Deux maisons symétriques de trois chambres : habitez l’une, louez l’autre.'], 'standard', 10, 210, [150_000, 190_000]),
  d('solar-ready-bungalow', ['Solar-ready bungalow', 'Bungalow prêt pour le solaire'], ['A bungalow with a south-facing roof, battery room and wiring ready for solar power.', 'Un bungalow avec un toit orienté au sud, un local batteries et un câblage prêt pour le solaire.'], 'standard', 5, 100, [70_000, 88_000]),
  d('courtyard-apartments', ['Small apartment block', 'Petit immeuble'], ['Six two-bedroom flats over three floors, designed as a rental investment.', 'Six appartements de deux chambres sur trois étages, pensés pour l’investissement locatif.'], 'premium', 18, 420, [320_000, 410_000]),
  d('hill-view-villa', ['Villa with a view', 'Villa avec vue'], ['Large windows towards the valley, a pool and a shaded terrace.', 'De grandes baies vers la vallée, une piscine et une terrasse ombragée.'], 'luxury', 9, 260, [290_000, 360_000]),
  d('poolside-luxury-villa', ['Poolside villa', 'Villa avec piscine'], ['Five en-suite bedrooms, a rooftop lounge and a twelve-metre pool.', 'Cinq suites, un salon sur le toit et une piscine de douze mètres.'], 'luxury', 11, 340, [420_000, 540_000]),
  d('farmhouse-with-veranda', ['Farmhouse with a veranda', 'Ferme avec véranda'], ['A long single-storey house with a veranda on three sides.', 'Une longue maison de plain-pied avec une véranda sur trois côtés.'], 'premium', 7, 170, [115_000, 150_000]),
  d('micro-home', ['Micro home', 'Micro-maison'], ['A studio with a sleeping loft: a first home or a guest house.', 'Un studio avec mezzanine : première maison ou maison d’amis.'], 'standard', 2, 38, [26_000, 36_000]),
  d('smart-home-retrofit', ['Smart home', 'Maison connectée'], ['Lighting, shutters, cameras and energy use controlled from a phone, wherever you live.', 'Éclairage, volets, caméras et consommation pilotés depuis un téléphone, où que vous viviez.'], 'premium', 7, 175, [160_000, 210_000]),
  d('split-level-house', ['Split-level house', 'Maison à demi-niveaux'], ['Built into a slope, with living spaces half a floor above the bedrooms.', 'Construite dans la pente, les pièces de vie un demi-niveau au-dessus des chambres.'], 'premium', 7, 190, [155_000, 205_000]),
  d('grand-family-residence', ['Family residence', 'Grande résidence familiale'], ['Three floors for an extended family, with a pool, staff quarters and a guest wing.', 'Trois niveaux pour une grande famille, avec piscine, logement du personnel et aile d’amis.'], 'luxury', 14, 480, [560_000, 720_000]),
];

function d(
  slug: string,
  title: [string, string],
  description: [string, string],
  tier: DemoDesign['tier'],
  rooms: number,
  areaM2: number,
  costEur: [number, number],
): DemoDesign {
  return { slug, title, description, tier, rooms, areaM2, image: `${slug}.svg`, costEur };
}
