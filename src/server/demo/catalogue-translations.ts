/** A demo series' text in another language. */
export interface DemoTranslation {
  title: string;
  description: string;
  tags: string[];
}

/**
 * Translations of the demo series a newcomer meets first (the hero carousel and the top of Trending Now), by
 * original title and language: open the app in Spanish, Arabic, Japanese or Hindi and they follow the language.
 */
export const DEMO_TRANSLATIONS: Readonly<Record<string, Readonly<Record<string, DemoTranslation>>>> = {
  'The Heiress Who Came Back': {
    es: {
      title: 'La heredera que volvió',
      description:
        'Declarada muerta hace diez años, la heredera de un imperio hotelero vuelve como camarera a su propio hotel familiar para descubrir quién quiso hacerla desaparecer.',
      tags: ['Venganza', 'Secretos de familia', 'Riqueza'],
    },
    ar: {
      title: 'الوريثة التي عادت',
      description:
        'أُعلنت وفاتها قبل عشر سنوات، فتعود وريثة إمبراطورية الفنادق عاملةَ تنظيف في فندق عائلتها لتكشف من أراد التخلّص منها.',
      tags: ['انتقام', 'أسرار عائلية', 'ثراء'],
    },
    ja: {
      title: '帰ってきた令嬢',
      description:
        '十年前に死んだとされたホテル王国の跡取り娘が、自分を消そうとしたのは誰かを突き止めるため、一族のホテルに客室係として戻ってくる。',
      tags: ['復讐', '家族の秘密', '富豪'],
    },
    hi: {
      title: 'लौट आई वारिस',
      description:
        'दस साल पहले मृत घोषित की गई होटल साम्राज्य की वारिस अपने ही पारिवारिक होटल में सफ़ाईकर्मी बनकर लौटती है, यह जानने के लिए कि उसे किसने रास्ते से हटाना चाहा।',
      tags: ['बदला', 'पारिवारिक राज़', 'दौलत'],
    },
  },
  'Paper Lantern Ronin': {
    es: {
      title: 'La ronin del farol de papel',
      description:
        'Una espadachina errante que solo puede luchar a la luz de un farol acepta proteger una aldea que no quiere ser salvada.',
      tags: ['Samuráis', 'Fantasía', 'Dibujo a mano'],
    },
    ar: {
      title: 'رونين الفانوس الورقي',
      description: 'مبارِزة جوّالة لا تقاتل إلا على ضوء الفانوس تقبل حراسة قرية لا تريد أن يُنقذها أحد.',
      tags: ['ساموراي', 'فانتازيا', 'رسم يدوي'],
    },
    ja: {
      title: '紙提灯の浪人',
      description: '提灯の明かりの下でしか戦えない流浪の女剣士が、救われることを望まない村の用心棒を引き受ける。',
      tags: ['侍', 'ファンタジー', '手描き'],
    },
    hi: {
      title: 'काग़ज़ी लालटेन की रोनिन',
      description:
        'सिर्फ़ लालटेन की रोशनी में लड़ सकने वाली एक घुमंतू तलवारबाज़ ऐसे गाँव की रखवाली का काम लेती है जो बचना ही नहीं चाहता।',
      tags: ['समुराई', 'फ़ैंटेसी', 'हाथ से बना'],
    },
  },
  'Orbit of the Glass Moon': {
    es: {
      title: 'La órbita de la luna de cristal',
      description:
        'La tripulación de una nave de rescate encuentra una luna de cristal y, dentro, una copia perfecta del pueblo donde creció cada uno de ellos.',
      tags: ['Espacio', 'Misterio', 'Tripulación'],
    },
    ar: {
      title: 'مدار القمر الزجاجي',
      description: 'يعثر طاقم سفينة إنقاذ على قمر من زجاج، وفي داخله نسخة طبق الأصل من البلدة التي نشأ فيها كلٌّ منهم.',
      tags: ['فضاء', 'غموض', 'طاقم'],
    },
    ja: {
      title: 'ガラスの月の軌道',
      description:
        'サルベージ船の乗組員たちはガラスでできた月を見つける。その中には、それぞれが育った町の完璧な複製があった。',
      tags: ['宇宙', 'ミステリー', 'クルー'],
    },
    hi: {
      title: 'काँच के चाँद की कक्षा',
      description:
        'एक बचाव यान के दल को काँच का बना एक चाँद मिलता है, और उसके भीतर उस क़स्बे की हूबहू नक़ल जहाँ उनमें से हर कोई बड़ा हुआ था।',
      tags: ['अंतरिक्ष', 'रहस्य', 'दल'],
    },
  },
  'The Last Ferry to Kestrel Point': {
    es: {
      title: 'El último ferri a Kestrel Point',
      description:
        'Una piloto de guardacostas caída en desgracia tiene una noche para sacar a cuarenta desconocidos de una isla que se hunde antes de que la tormenta cierre el estrecho para siempre.',
      tags: ['Supervivencia', 'Rescate', 'Tormenta'],
    },
    ar: {
      title: 'العبّارة الأخيرة إلى كيستريل بوينت',
      description:
        'أمام طيّارة خفر سواحل مُهانة ليلة واحدة لإخراج أربعين غريبًا من جزيرة تغرق قبل أن تُغلق العاصفة المضيق إلى الأبد.',
      tags: ['نجاة', 'إنقاذ', 'عاصفة'],
    },
    ja: {
      title: 'ケストレル岬への最終フェリー',
      description:
        '不名誉を背負った沿岸警備隊のパイロットに残された時間は一夜。嵐が海峡を閉ざす前に、沈みゆく島から四十人の見知らぬ人々を救い出せ。',
      tags: ['サバイバル', '救助', '嵐'],
    },
    hi: {
      title: 'केस्ट्रल पॉइंट की आख़िरी फ़ेरी',
      description:
        'बदनाम हो चुकी तटरक्षक पायलट के पास बस एक रात है: तूफ़ान के जलडमरूमध्य को हमेशा के लिए बंद करने से पहले डूबते द्वीप से चालीस अजनबियों को निकालना।',
      tags: ['जीवित रहना', 'बचाव', 'तूफ़ान'],
    },
  },
  'Wrong Number, Right Person': {
    es: {
      title: 'Número equivocado, persona correcta',
      description:
        'Una organizadora de bodas no deja de escribir al número equivocado pidiendo ayuda, y el desconocido del otro lado no deja de darle consejos brillantes y terribles.',
      tags: ['Comedia romántica', 'Mensajes', 'Bodas'],
    },
    ar: {
      title: 'رقم خاطئ، شخص مناسب',
      description:
        'منظِّمة أعراس تواصل مراسلة رقم خاطئ طلبًا للمساعدة، والغريب على الطرف الآخر يواصل تقديم نصائح عبقرية ومريعة في آنٍ معًا.',
      tags: ['كوميديا رومانسية', 'رسائل', 'أعراس'],
    },
    ja: {
      title: '間違い電話、運命の人',
      description:
        'ウェディングプランナーは助けを求めて何度も間違った番号にメッセージを送ってしまう。そして相手の見知らぬ人は、見事でひどいアドバイスを返し続ける。',
      tags: ['ラブコメ', 'メッセージ', '結婚式'],
    },
    hi: {
      title: 'ग़लत नंबर, सही इंसान',
      description:
        'एक वेडिंग प्लानर मदद के लिए बार-बार ग़लत नंबर पर मैसेज कर देती है, और दूसरी तरफ़ का अजनबी उसे शानदार और भयानक सलाह देता रहता है।',
      tags: ['रोम-कॉम', 'मैसेज', 'शादियाँ'],
    },
  },
  'Contract Bride of the Jade Tower': {
    es: {
      title: 'La novia por contrato de la Torre de Jade',
      description:
        'Para salvar la pastelería de su familia, una repostera firma un contrato de matrimonio de un año con un magnate frío, y ninguno de los dos lee la letra pequeña.',
      tags: ['Matrimonio por contrato', 'Magnate', 'Romance lento'],
    },
    ar: {
      title: 'عروس العقد في برج اليشم',
      description:
        'لتنقذ مخبز عائلتها، توقّع طاهية حلويات عقد زواج لمدة عام مع رجل أعمال بارد، ولا يقرأ أيٌّ منهما الشروط الصغيرة.',
      tags: ['زواج بعقد', 'رجل أعمال', 'حب بطيء'],
    },
    ja: {
      title: '翡翠の塔の契約花嫁',
      description:
        '家族のパン屋を救うため、パティシエは冷たい御曹司と一年限りの結婚契約を結ぶ。細則を読んだ者は、どちらもいなかった。',
      tags: ['契約結婚', '御曹司', 'じれじれ'],
    },
    hi: {
      title: 'जेड टावर की कॉन्ट्रैक्ट दुल्हन',
      description:
        'अपने परिवार की बेकरी बचाने के लिए एक पेस्ट्री शेफ़ एक रूखे रईस के साथ एक साल के विवाह अनुबंध पर दस्तख़त करती है, और दोनों में से कोई बारीक शर्तें नहीं पढ़ता।',
      tags: ['अनुबंध विवाह', 'रईस', 'धीमा रोमांस'],
    },
  },
  'The Seventh Witness': {
    es: {
      title: 'El séptimo testigo',
      description:
        'Seis testigos vieron el mismo asesinato y contaron seis historias distintas. Una detective novata busca al séptimo, que lo vio todo.',
      tags: ['Misterio', 'Detective', 'Giros'],
    },
    ar: {
      title: 'الشاهد السابع',
      description:
        'ستة شهود رأوا الجريمة نفسها ورووا ست قصص مختلفة. محقّقة مبتدئة تبحث عن الشاهد السابع الذي رأى كل شيء.',
      tags: ['لغز جريمة', 'محقّقة', 'مفاجآت'],
    },
    ja: {
      title: '七人目の証人',
      description: '六人の証人が同じ殺人を目撃し、六通りの話をした。新米刑事は、すべてを見ていた七人目を探しに行く。',
      tags: ['殺人ミステリー', '刑事', 'どんでん返し'],
    },
    hi: {
      title: 'सातवाँ गवाह',
      description:
        'छह गवाहों ने एक ही क़त्ल देखा और छह अलग कहानियाँ सुनाईं। एक नई जासूस सातवें गवाह को ढूँढने निकलती है, जिसने सब कुछ देखा था।',
      tags: ['क़त्ल का रहस्य', 'जासूस', 'मोड़'],
    },
  },
};
