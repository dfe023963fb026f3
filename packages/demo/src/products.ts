import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SeedStep } from '@medallion/db/seed';
import { products } from '@medallion/db/schema';
import type { DemoSeedContext } from './context';
import { renderProductPhoto, type ProductPhotoSubject } from './photos/product-photos';

const search = (q: string) => `https://www.amazon.com/s?k=${encodeURIComponent(q)}`;

/**
 * TLC supplies a new driver needs (demo catalogue; prices in USD, typical for the US market), in
 * English and Russian.
 * `photos` are the generated pictures of each, the cover first.
 */
interface DemoProduct {
  title: string;
  description: string;
  priceCents: number;
  stock: number;
  details: ReadonlyArray<{ key: string; data: string }>;
  /** The Russian texts (the detail lines in the order of `details`). */
  ru: { title: string; description: string; details: ReadonlyArray<{ key: string; data: string }> };
  retailerUrl: string;
  photos: readonly ProductPhotoSubject[];
}

export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  {
    title: 'Driver partition (sedan, clear polycarbonate)',
    description: 'A clear safety partition for sedans and hybrids, with a pass-through window for payments. Mounts to the front seat frames without drilling.',
    priceCents: 34_900,
    stock: 12,
    details: [
      { key: 'Fits', data: 'Toyota Camry, Prius, Honda Accord, Hyundai Sonata' },
      { key: 'Material', data: '3/16" polycarbonate' },
      { key: 'Installation', data: 'About 45 minutes, no drilling' },
    ],
    ru: {
      title: 'Перегородка для водителя (седан, прозрачный поликарбонат)',
      description: 'Прозрачная защитная перегородка для седанов и гибридов с окошком для оплаты. Крепится к рамам передних сидений без сверления.',
      details: [
        { key: 'Совместимость', data: 'Toyota Camry, Prius, Honda Accord, Hyundai Sonata' },
        { key: 'Материал', data: 'Поликарбонат 3/16"' },
        { key: 'Установка', data: 'Около 45 минут, без сверления' },
      ],
    },
    retailerUrl: search('taxi partition sedan polycarbonate'),
    photos: ['partition', 'partition-installed'],
  },
  {
    title: 'Trip record book (100 pages)',
    description: 'A bound trip sheet book for recording each trip: date, pick-up and drop-off time and place, fare and passengers.',
    priceCents: 1_299,
    stock: 200,
    details: [
      { key: 'Pages', data: '100, numbered' },
      { key: 'Size', data: '8.5" × 5.5"' },
    ],
    ru: {
      title: 'Журнал поездок (100 страниц)',
      description: 'Журнал путевых листов в переплёте, чтобы записывать каждую поездку: дату, время и место посадки и высадки, стоимость и число пассажиров.',
      details: [
        { key: 'Страниц', data: '100, пронумерованы' },
        { key: 'Размер', data: '8,5" × 5,5"' },
      ],
    },
    retailerUrl: search('taxi trip sheet book'),
    photos: ['trip-book', 'trip-book-open'],
  },
  {
    title: 'TLC license holder with clip',
    description: 'A clear, sturdy holder that keeps your TLC driver license visible to passengers, as the rules require.',
    priceCents: 899,
    stock: 150,
    details: [
      { key: 'Fits', data: 'Standard ID cards' },
      { key: 'Mount', data: 'Visor clip and adhesive strip' },
    ],
    ru: {
      title: 'Держатель для лицензии TLC с клипсой',
      description: 'Прозрачный прочный держатель: ваша лицензия TLC всегда на виду у пассажиров, как требуют правила.',
      details: [
        { key: 'Совместимость', data: 'Стандартные ID-карты' },
        { key: 'Крепление', data: 'Клипса на козырёк и клейкая полоска' },
      ],
    },
    retailerUrl: search('badge holder visor clip'),
    photos: ['license-holder', 'license-holder-visor'],
  },
  {
    title: 'Phone mount for the dashboard',
    description: 'A stable magnetic mount for navigation and the driver apps. One-hand use, rotates 360°, holds phones up to 7".',
    priceCents: 2_499,
    stock: 80,
    details: [
      { key: 'Mount', data: 'Dashboard suction cup or air vent' },
      { key: 'Phones', data: '4"–7"' },
    ],
    ru: {
      title: 'Держатель телефона на приборную панель',
      description:
        'Надёжный магнитный держатель для навигатора и приложений для водителей. Управляется одной рукой, поворачивается на 360°, держит телефоны до 7".',
      details: [
        { key: 'Крепление', data: 'Присоска на панель или клипса на воздуховод' },
        { key: 'Телефоны', data: '4"–7"' },
      ],
    },
    retailerUrl: search('magnetic phone mount car dashboard'),
    photos: ['phone-mount', 'phone-mount-parts'],
  },
  {
    title: 'First-aid kit (vehicle, 120 pieces)',
    description: 'A compact first-aid kit for the glove box: bandages, gauze, antiseptic wipes, gloves, cold pack and a guide.',
    priceCents: 2_999,
    stock: 60,
    details: [
      { key: 'Pieces', data: '120' },
      { key: 'Case', data: 'Hard shell, 9" × 6"' },
    ],
    ru: {
      title: 'Автомобильная аптечка (120 предметов)',
      description: 'Компактная аптечка для бардачка: пластыри, бинты, антисептические салфетки, перчатки, охлаждающий пакет и памятка.',
      details: [
        { key: 'Предметов', data: '120' },
        { key: 'Футляр', data: 'Жёсткий, 9" × 6"' },
      ],
    },
    retailerUrl: search('car first aid kit 120 pieces'),
    photos: ['first-aid-kit', 'first-aid-kit-open'],
  },
  {
    title: 'Fire extinguisher 2.5 lb (ABC)',
    description: 'A 2.5 lb dry-chemical extinguisher rated for class A, B and C fires, with a vehicle bracket.',
    priceCents: 3_999,
    stock: 40,
    details: [
      { key: 'Rating', data: '1-A:10-B:C' },
      { key: 'Includes', data: 'Vehicle mounting bracket' },
    ],
    ru: {
      title: 'Огнетушитель 2,5 фунта (ABC)',
      description: 'Порошковый огнетушитель на 2,5 фунта для пожаров классов A, B и C, с кронштейном для крепления в машине.',
      details: [
        { key: 'Класс', data: '1-A:10-B:C' },
        { key: 'В комплекте', data: 'Кронштейн для машины' },
      ],
    },
    retailerUrl: search('2.5 lb ABC fire extinguisher vehicle bracket'),
    photos: ['fire-extinguisher'],
  },
  {
    title: 'Seat covers, full set (black, waterproof)',
    description: 'Waterproof, easy-to-clean seat covers for front and rear seats. Airbag-compatible side seams.',
    priceCents: 7_999,
    stock: 35,
    details: [
      { key: 'Set', data: '2 front, 1 rear bench, 5 headrests' },
      { key: 'Material', data: 'Neoprene blend' },
    ],
    ru: {
      title: 'Чехлы на сиденья, полный комплект (чёрные, водонепроницаемые)',
      description: 'Водонепроницаемые чехлы на передние и задние сиденья, легко моются. Боковые швы не мешают подушкам безопасности.',
      details: [
        { key: 'Комплект', data: '2 передних, 1 на задний диван, 5 на подголовники' },
        { key: 'Материал', data: 'Смесь с неопреном' },
      ],
    },
    retailerUrl: search('waterproof car seat covers full set'),
    photos: ['seat-covers', 'seat-covers-rear'],
  },
  {
    title: 'Dash cam, front and rear (1080p)',
    description: 'A two-channel dash cam that records the road and the cabin view behind you, with loop recording and parking mode.',
    priceCents: 11_999,
    stock: 25,
    details: [
      { key: 'Video', data: '1080p front, 720p rear' },
      { key: 'Storage', data: 'microSD up to 256 GB (not included)' },
      { key: 'Night', data: 'Yes' },
    ],
    ru: {
      title: 'Видеорегистратор, передняя и задняя камеры (1080p)',
      description: 'Двухканальный видеорегистратор: пишет дорогу впереди и вид сзади, с циклической записью и режимом парковки.',
      details: [
        { key: 'Видео', data: '1080p спереди, 720p сзади' },
        { key: 'Память', data: 'microSD до 256 ГБ (не входит в комплект)' },
        { key: 'Ночная съёмка', data: 'Да' },
      ],
    },
    retailerUrl: search('dash cam front and rear 1080p'),
    photos: ['dash-cam', 'dash-cam-screen'],
  },
  {
    title: 'Air freshener, vent clips (6 pack)',
    description: 'Mild, long-lasting vent fresheners in a neutral scent that passengers do not mind.',
    priceCents: 1_499,
    stock: 300,
    details: [
      { key: 'Pack', data: '6 clips' },
      { key: 'Lasts', data: 'About 30 days each' },
    ],
    ru: {
      title: 'Ароматизаторы на воздуховод (6 шт.)',
      description: 'Мягкие стойкие ароматизаторы с нейтральным запахом, который не раздражает пассажиров.',
      details: [
        { key: 'В упаковке', data: '6 клипс' },
        { key: 'Хватает', data: 'Примерно на 30 дней каждый' },
      ],
    },
    retailerUrl: search('car vent air freshener 6 pack'),
    photos: ['air-freshener', 'air-freshener-vent'],
  },
  {
    title: 'E-ZPass holder for the windshield',
    description: 'Keeps your E-ZPass tag in place behind the mirror and lets you remove it in seconds.',
    priceCents: 999,
    stock: 120,
    details: [
      { key: 'Fits', data: 'Standard E-ZPass tags' },
      { key: 'Mount', data: 'Adhesive, reusable' },
    ],
    ru: {
      title: 'Держатель E-ZPass на лобовое стекло',
      description: 'Держит транспондер E-ZPass на месте за зеркалом, а снять его можно за секунды.',
      details: [
        { key: 'Совместимость', data: 'Стандартные транспондеры E-ZPass' },
        { key: 'Крепление', data: 'Клейкое, многоразовое' },
      ],
    },
    retailerUrl: search('E-ZPass holder windshield'),
    photos: ['ezpass-holder', 'ezpass-windshield'],
  },
  {
    title: 'USB-C car charger, 2 ports (45 W)',
    description: 'Fast-charges your phone and lets a passenger charge theirs. Fits any 12 V socket.',
    priceCents: 1_999,
    stock: 90,
    details: [
      { key: 'Ports', data: 'USB-C 30 W + USB-A 15 W' },
      { key: 'Cable', data: 'Not included' },
    ],
    ru: {
      title: 'Автомобильная зарядка USB-C, 2 порта (45 Вт)',
      description: 'Быстро заряжает ваш телефон, и пассажир может зарядить свой. Подходит к любому гнезду 12 В.',
      details: [
        { key: 'Порты', data: 'USB-C 30 Вт + USB-A 15 Вт' },
        { key: 'Кабель', data: 'Не входит в комплект' },
      ],
    },
    retailerUrl: search('USB-C car charger 45W two ports'),
    photos: ['car-charger', 'car-charger-socket'],
  },
  {
    title: 'Rear-seat tablet holder for passengers',
    description: 'A headrest mount for a tablet or phone so passengers can watch, pay or follow the route.',
    priceCents: 2_299,
    stock: 45,
    details: [
      { key: 'Fits', data: 'Devices 4.7"–12.9"' },
      { key: 'Mount', data: 'Headrest posts' },
    ],
    ru: {
      title: 'Держатель планшета для пассажиров на заднем сиденье',
      description: 'Крепится к подголовнику: пассажиры смотрят видео, оплачивают поездку или следят за маршрутом на планшете или телефоне.',
      details: [
        { key: 'Совместимость', data: 'Устройства 4,7"–12,9"' },
        { key: 'Крепление', data: 'На стойки подголовника' },
      ],
    },
    retailerUrl: search('headrest tablet holder'),
    photos: ['tablet-holder'],
  },
];

export const demoProductsSeedStep: SeedStep = {
  name: 'demo-products-v1',
  async run(db) {
    await db.insert(products).values(
      DEMO_PRODUCTS.map((p) => ({
        title: p.title,
        description: p.description,
        priceCents: p.priceCents,
        stock: p.stock,
        details: [...p.details],
        titleRu: p.ru.title,
        descriptionRu: p.ru.description,
        detailsRu: [...p.ru.details],
        retailerUrl: p.retailerUrl,
      })),
    );
  },
};

export const DEMO_PRODUCTS_RU_STEP = 'demo-products-ru-v1';

/**
 * The Russian texts of the demo products, for a database seeded before products had them: only demo
 * products (by English title) still without a Russian title are touched, so what staff wrote stays.
 */
export const demoProductsRuSeedStep: SeedStep = {
  name: DEMO_PRODUCTS_RU_STEP,
  async run(db) {
    for (const p of DEMO_PRODUCTS) {
      await db
        .update(products)
        .set({ titleRu: p.ru.title, descriptionRu: p.ru.description, detailsRu: [...p.ru.details], updatedAt: sql`now()` })
        .where(and(eq(products.title, p.title), eq(products.titleRu, ''), sql`jsonb_array_length(${products.details}) = ${p.details.length}`));
    }
  },
};

export const DEMO_PRODUCT_PHOTOS_STEP = 'demo-product-photos-v1';

export interface DemoProductPhotosOptions {
  /** Pictures rendered at once (sharp does the work on its own threads). */
  concurrency?: number;
}

/**
 * The demo products' pictures: WebP files under products/{id}/, their names in `images` (cover
 * first). A step of its own, so a database seeded before the pictures existed gets them too. Only
 * demo products (by title) that still have no images are touched: pictures staff uploaded stay.
 */
export function demoProductPhotosSeedStep(context: DemoSeedContext, options: DemoProductPhotosOptions = {}): SeedStep {
  return {
    name: DEMO_PRODUCT_PHOTOS_STEP,
    async run(db) {
      const byTitle = new Map<string, readonly ProductPhotoSubject[]>(DEMO_PRODUCTS.map((p) => [p.title, p.photos]));
      const rows = await db
        .select({ id: products.id, title: products.title, images: products.images })
        .from(products)
        .where(inArray(products.title, [...byTitle.keys()]));
      const jobs = rows
        .filter((row) => row.images.length === 0)
        .flatMap((row) => (byTitle.get(row.title) ?? []).map((subject, order) => ({ row, subject, order })));
      const names = new Map<string, string[]>();
      let next = 0;
      const worker = async () => {
        while (next < jobs.length) {
          const job = jobs[next++]!;
          const photo = await renderProductPhoto(job.subject);
          const name = await context.storeProductPhoto(job.row.id, photo);
          const list = names.get(job.row.id) ?? [];
          list[job.order] = name;
          names.set(job.row.id, list);
        }
      };
      await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
      for (const [id, images] of names) {
        await db
          .update(products)
          .set({ images, updatedAt: sql`now()` })
          .where(and(eq(products.id, id), sql`${products.images} = '[]'::jsonb`));
      }
    },
  };
}
