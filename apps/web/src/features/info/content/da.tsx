import { Link } from 'react-router';
import { LIMITED_PLAN, TERMS, VAT } from '@husly/domain';
import { COMPLAINT_LINKS } from './links';
import type { InfoContent } from './types';

export const da: InfoContent = {
  about: (
    <>
      <p>
        Husly samler ledige lejeboliger fra hele Danmark ét sted: lejligheder, rækkehuse, villaer og værelser fra både
        private udlejere, boligselskaber og administratorer. Du søger efter by, husleje, antal værelser og størrelse og
        ser med det samme, hvad der er ledigt lige nu.
      </p>
      <h2>Derfor findes Husly</h2>
      <p>
        At finde en lejebolig kan føles som et fuldtidsjob. Boligerne ligger spredt på mange sider, de gode bliver hurtigt
        udlejet, og man ved ikke altid, hvem man har med at gøre. Vi vil gøre det enklere at få overblik og hurtigere at
        komme i kontakt med udlejeren, så du bruger tiden på de boliger, der faktisk passer til dig.
      </p>
      <h2>Sådan hjælper vi dig</h2>
      <ul>
        <li>
          <strong>Søgning og byoversigter</strong> – gratis for alle, uden at du skal oprette en profil.
        </li>
        <li>
          <strong>Boligagenten</strong> – en gratis email, når der kommer nye boliger, der matcher dine ønsker til område,
          husleje, værelser og størrelse.
        </li>
        <li>
          <strong>Boligsøgerannoncen</strong> – med et abonnement ser du udlejernes kontaktoplysninger, alle billeder og
          de fulde beskrivelser, og du kan lægge en annonce om dig selv, som udlejerne kan finde.
        </li>
      </ul>
      <p>
        Husly er ikke selv udlejer. Lejekontrakten indgår du direkte med udlejeren, og vi tager aldrig imod depositum eller
        husleje på nogens vegne.
      </p>
    </>
  ),
  // Only real quotes, given with the user's consent: invented reviews are unlawful marketing
  // (markedsføringsloven § 5, bilag 1 nr. 23 b-c). None are collected yet, so the block stays hidden.
  testimonials: [],
  partners: (
    <>
      <p>
        Hver dag bruger boligsøgere fra hele landet Husly til at finde deres næste lejebolig. Vil du nå dem, hører vi gerne
        fra dig.
      </p>
      <h2>Hvem vi samarbejder med</h2>
      <ul>
        <li>
          <strong>Udlejere, boligselskaber og administratorer</strong>, der vil have deres ledige boliger vist på Husly. Vi
          kan indlæse boligerne automatisk fra en fil eller et feed, så du ikke skal oprette dem én for én.
        </li>
        <li>
          <strong>Virksomheder med tilbud til folk, der flytter</strong>, for eksempel flyttefirmaer, forsikring, el, internet
          og opbevaring.
        </li>
        <li>
          <strong>Kommuner, uddannelsessteder og organisationer</strong>, der hjælper studerende, tilflyttere eller andre
          med at finde bolig.
        </li>
      </ul>
      <h2>Markedsføring og samarbejde</h2>
      <p>
        Vi er åbne for annoncering, indholdssamarbejde og fælles kampagner, så længe de er relevante og tydeligt markeret
        for vores brugere. Vi sælger ikke brugernes oplysninger videre.
      </p>
      <p>
        Skriv til os via <Link to="/info/contact">kontaktformularen</Link> med emnet “Samarbejde”, og fortæl kort, hvem du
        er, og hvad du har i tankerne. Så vender vi tilbage.
      </p>
    </>
  ),
  faq: [
    {
      question: 'Hvad koster det at bruge Husly?',
      answer: (
        <>
          <p>
            Det er gratis at søge, se boligerne og oprette en boligagent. Vil du se udlejernes kontaktoplysninger, alle
            billeder og de fulde beskrivelser, kræver det et abonnement på boligsøgerannoncen. Det starter med en
            introduktionspris og fortsætter derefter til den almindelige pris, indtil du opsiger det.
          </p>
          <p>
            De aktuelle priser står på <Link to="/profile/subscription">abonnementssiden</Link>, før du betaler. Alle
            priser er i kroner og inkl. {VAT.ratePercent} % moms.
          </p>
        </>
      ),
    },
    {
      question: 'Hvordan opsiger jeg mit abonnement?',
      answer: (
        <p>
          Log ind og gå til <Link to="/profile/subscription">abonnementssiden</Link>. Tryk “Opsig abonnement” og derefter “Ja, opsig” – to klik.
          Du beholder adgangen perioden ud, og der bliver ikke trukket flere penge. Læs mere under{' '}
          <Link to="/info/afmelding">Afmelding</Link>.
        </p>
      ),
    },
    {
      question: 'Kan jeg fortryde mit køb?',
      answer: (
        <p>
          Ja. Du har {TERMS.withdrawalDays} dages fortrydelsesret fra købet. Fortryder du, får du pengene tilbage inden for{' '}
          {TERMS.refundDays} dage. Se <Link to="/info/terms">vilkårene</Link>.
        </p>
      ),
    },
    {
      question: 'Hvad er en boligagent?',
      answer: (
        <p>
          En gratis email-service: du fortæller, hvor du vil bo, og hvad boligen højst må koste, og så får du en email, når
          der kommer nye boliger, der passer. Du kan oprette den fra en søgning eller en byside med blot din email-adresse.
          Hver email har et link, så du kan stoppe boligagenten igen med ét klik.
        </p>
      ),
    },
    {
      question: 'Hvor mange udlejere kan jeg kontakte?',
      answer: (
        <p>
          Med det almindelige abonnement er der ikke noget loft. Det begrænsede abonnement koster {LIMITED_PLAN.priceDkk} kr.
          pr. {LIMITED_PLAN.periodDays} dage og giver kontakt til højst {LIMITED_PLAN.maxLandlordContacts} udlejere pr.{' '}
          {LIMITED_PLAN.contactWindowDays} dage – nok til dig, der kun søger i ét område.
        </p>
      ),
    },
    {
      question: 'Hvorfor er billederne slørede?',
      answer: (
        <p>
          Som besøgende ser du boligerne med slørede billeder og uden den fulde beskrivelse. Med et abonnement ser du det
          hele, inklusive udlejerens kontaktoplysninger.
        </p>
      ),
    },
    {
      question: 'Hvordan beskytter jeg mig mod svindel?',
      answer: (
        <>
          <p>Der findes desværre falske udlejere. Hold fast i disse regler, så er du godt beskyttet:</p>
          <ul>
            <li>Betal aldrig depositum eller husleje, før du har set boligen og har en underskrevet lejekontrakt.</li>
            <li>Send aldrig penge via Western Union, MoneyGram, gavekort eller kryptovaluta, og aldrig til en konto i udlandet.</li>
            <li>
              Vær på vagt, hvis udlejeren er “i udlandet” og vil sende nøglerne med posten, eller hvis huslejen er langt under,
              hvad tilsvarende boliger koster.
            </li>
            <li>Send aldrig kopi af pas, sygesikringskort eller dine MitID-oplysninger til en udlejer, du ikke har mødt.</li>
            <li>
              Tjek, at udlejeren ejer boligen: ejeren står i tingbogen på tinglysning.dk. Brug en standardlejekontrakt
              (typeformular A).
            </li>
            <li>Depositum og forudbetalt leje må tilsammen højst være seks måneders husleje.</li>
          </ul>
          <p>
            Har du mistanke om svindel, så stop kontakten, anmeld det til politiet og{' '}
            <Link to="/info/contact">skriv til os</Link>, så vi kan fjerne annoncen.
          </p>
        </>
      ),
    },
    {
      question: 'Er Husly udlejer af boligerne?',
      answer: (
        <p>
          Nej. Vi viser boliger fra mange udlejere. Lejekontrakten indgår du med udlejeren, og spørgsmål om selve boligen –
          visning, indflytning, depositum – aftaler du med dem.
        </p>
      ),
    },
  ],
  afmelding: (
    <>
      <h2>Har du en profil? Så tager det to klik</h2>
      <ol>
        <li>
          Log ind, og gå til <Link to="/profile/subscription">abonnementssiden</Link>.
        </li>
        <li>Tryk “Opsig abonnement” ud for dit abonnement, og bekræft med “Ja, opsig”.</li>
      </ol>
      <p>
        Abonnementet stopper ved udgangen af den periode, du har betalt for, og du beholder adgangen indtil da. Du får en
        bekræftelse på email. Har du købt inden for de seneste {TERMS.withdrawalDays} dage, kan du i stedet bruge din
        fortrydelsesret og få pengene tilbage.
      </p>
      <h2>Kan du ikke logge ind?</h2>
      <p>
        Har du glemt adgangskoden, kan du <Link to="/reset-password">nulstille den her</Link>. Ellers kan du bruge{' '}
        <Link to="/afmelding">afmeldingsformularen</Link>: oplys den email-adresse, du købte med, dit navn og telefonnummer og
        gerne ordrenummeret (fire cifre, står på kvitteringen). For din sikkerhed sender vi et link til din profils
        email-adresse, og abonnementet stopper, når du klikker på det.
      </p>
      <h2>Boligagenten</h2>
      <p>
        Boligagenten er gratis og har intet med abonnementet at gøre. Du stopper den med linket nederst i hver email fra
        boligagenten eller under BoligAgent på din profil.
      </p>
    </>
  ),
  klagemulighed: (
    <>
      <p>
        Er du utilfreds med Husly, så skriv til os først via <Link to="/info/contact">kontaktformularen</Link>. De fleste
        sager kan vi løse hurtigt, og vi svarer på den email-adresse, du skriver fra.
      </p>
      <h2>Klage over et køb hos Husly</h2>
      <p>
        Kan vi ikke blive enige, kan du som forbruger klage til{' '}
        <a href={COMPLAINT_LINKS.naevneneshus} rel="noopener" target="_blank">
          Nævnenes Hus
        </a>
        . Klagen sendes digitalt gennem{' '}
        <a href={COMPLAINT_LINKS.klageportalen} rel="noopener" target="_blank">
          klageportalen
        </a>
        . Først forsøger Center for Klageløsning at mægle mellem dig og os. Lykkes det ikke, kan sagen gå videre til
        Forbrugerklagenævnet, der træffer en afgørelse. Der er et mindre gebyr for at få sagen behandlet i nævnet.
      </p>
      <p>
        EU-Kommissionens online klageportal (ODR) lukkede i juli 2025 og kan ikke længere bruges. Klag i stedet direkte
        gennem klageportalen ovenfor.
      </p>
      <h2>Uenig med din udlejer?</h2>
      <p>
        Husly er ikke part i din lejeaftale. Er du uenig med din udlejer om for eksempel husleje, depositum, varmeregnskab
        eller istandsættelse ved fraflytning, er det huslejenævnet i den kommune, hvor boligen ligger, der behandler
        sagen; du finder det på kommunens hjemmeside. Bor du i en almen bolig, er det beboerklagenævnet.
      </p>
    </>
  ),
  advice: {
    intro: (
      <p>
        Der er mange om de gode lejeboliger, især i de store byer. Med de her fem råd står du stærkere, når den rigtige bolig
        dukker op.
      </p>
    ),
    tips: [
      {
        heading: 'Start i god tid',
        text: (
          <p>
            Begynd at søge to til tre måneder før, du skal flytte. De fleste lejeboliger har tre måneders opsigelse, så
            udlejerne annoncerer længe i forvejen. Opret en <strong>boligagent</strong>, så du får nye boliger på email og kan
            reagere, før andre gør.
          </p>
        ),
      },
      {
        heading: 'Vær realistisk',
        text: (
          <p>
            Læg et budget, hvor huslejen og forbruget højst tager omkring en tredjedel af din indkomst efter skat, og husk
            indflytningen: depositum og forudbetalt leje kan tilsammen være op til seks måneders husleje. Skeln mellem dine
            krav og dine ønsker.
          </p>
        ),
      },
      {
        heading: 'Søg bredt',
        text: (
          <p>
            Kig også i bydelene og byerne omkring dit førstevalg, og prøv et værelse færre eller nogle kvadratmeter mindre.
            Gode forbindelser med tog og bus kan gøre en bolig lidt længere væk til det bedste valg.{' '}
            <Link to="/byer">Se alle byer</Link>.
          </p>
        ),
      },
      {
        heading: 'Præsentér dig godt',
        text: (
          <p>
            Skriv en kort, personlig besked til udlejeren: hvem du er, hvad du laver, hvornår du kan flytte ind, og hvorfor
            boligen passer til dig. Lav en boligsøgerannonce, så udlejerne også kan finde dig. Mød til tiden til fremvisningen,
            og hav lønsedler og gerne en reference fra en tidligere udlejer klar.
          </p>
        ),
      },
      {
        heading: 'Få hjælp',
        text: (
          <p>
            Fortæl familie, venner og kolleger, at du søger – mange boliger bliver lejet ud, før de bliver annonceret. Skal du
            bruge tag over hovedet hurtigt, så kontakt din kommune. Og er du i tvivl om en lejekontrakt, kan en lejerforening
            gennemgå den, før du skriver under.
          </p>
        ),
      },
    ],
  },
  contact: (
    <p>
      Har du spørgsmål til dit abonnement, en bolig eller din profil, så skriv til os. Kig gerne i{' '}
      <Link to="/info/faq">ofte stillede spørgsmål</Link> først – måske står svaret der allerede.
    </p>
  ),
  terms: (
    <p>
      Her er vilkårene for at bruge Husly og for abonnementet på boligsøgerannoncen. Har du spørgsmål til dem, så{' '}
      <Link to="/info/contact">skriv til os</Link>.
    </p>
  ),
};
