import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { docxWithText, pptxWithSlides, xlsxWithSheets } from './documents';

/**
 * Charts and SmartArt diagrams in Office files, written as Office writes them (ECMA-376 Part 1:
 * a chart part `c:chartSpace` with its series' cached values, §21.2; a diagram's data model
 * `dgm:dataModel`, §21.4), each in a part of its own that the slide, the Word body or the
 * sheet's drawing names by a relationship.
 */

const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const DRAWING = 'http://schemas.openxmlformats.org/drawingml/2006/main';
const CHART = 'http://schemas.openxmlformats.org/drawingml/2006/chart';
const DIAGRAM = 'http://schemas.openxmlformats.org/drawingml/2006/diagram';
const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface ChartSpec {
  /** The chart's own title (Chart Title); none when undefined. */
  readonly title?: string;
  /** c:barChart, c:lineChart, c:pieChart… */
  readonly type?: string;
  readonly categories: readonly string[];
  /** Each series' name and values by category; null is a blank cell (no c:pt). */
  readonly series: readonly { readonly name: string; readonly values: readonly (number | null)[] }[];
  /** The values' number format (Excel's: `General`, `0%`). */
  readonly formatCode?: string;
  /** Categories that are dates: cached as serial numbers in a `c:numRef` with this format (`yyyy/m/d`). */
  readonly categoryDateFormat?: string;
}

/** A chart part as PowerPoint, Word and Excel 2016 write one for a clustered column chart. */
export function chartPart(chart: ChartSpec): string {
  const strCache = (texts: readonly string[]) => `<c:strCache><c:ptCount val="${texts.length}"/>${texts.map((text, n) => `<c:pt idx="${n}"><c:v>${escapeXml(text)}</c:v></c:pt>`).join('')}</c:strCache>`;
  const column = (n: number) => String.fromCharCode(66 + n);
  const title = chart.title
    ? `<c:title><c:tx><c:rich><a:bodyPr rot="0" spcFirstLastPara="1" vertOverflow="ellipsis" vert="horz" wrap="square" anchor="ctr" anchorCtr="1"/><a:lstStyle/><a:p><a:pPr><a:defRPr sz="1862" b="0"/></a:pPr><a:r><a:rPr lang="en-US"/><a:t>${escapeXml(chart.title)}</a:t></a:r></a:p></c:rich></c:tx><c:overlay val="0"/></c:title>`
    : '';
  const series = chart.series
    .map(
      (one, n) =>
        `<c:ser><c:idx val="${n}"/><c:order val="${n}"/><c:tx><c:strRef><c:f>Sheet1!$${column(n)}$1</c:f>${strCache([one.name])}</c:strRef></c:tx><c:invertIfNegative val="0"/>` +
        (chart.categoryDateFormat
          ? `<c:cat><c:numRef><c:f>Sheet1!$A$2:$A$${chart.categories.length + 1}</c:f><c:numCache><c:formatCode>${escapeXml(chart.categoryDateFormat)}</c:formatCode><c:ptCount val="${chart.categories.length}"/>${chart.categories.map((day, p) => `<c:pt idx="${p}"><c:v>${Date.parse(day) / 86_400_000 + 25_569}</c:v></c:pt>`).join('')}</c:numCache></c:numRef></c:cat>`
          : `<c:cat><c:strRef><c:f>Sheet1!$A$2:$A$${chart.categories.length + 1}</c:f>${strCache(chart.categories)}</c:strRef></c:cat>`) +
        `<c:val><c:numRef><c:f>Sheet1!$${column(n)}$2:$${column(n)}$${one.values.length + 1}</c:f><c:numCache><c:formatCode>${escapeXml(chart.formatCode ?? 'General')}</c:formatCode><c:ptCount val="${one.values.length}"/>${one.values
          .map((value, p) => (value === null ? '' : `<c:pt idx="${p}"><c:v>${value}</c:v></c:pt>`))
          .join('')}</c:numCache></c:numRef></c:val>` +
        `<c:extLst><c:ext uri="{C3380CC4-5D6E-409C-BE32-E72D297353CC}" xmlns:c16="http://schemas.microsoft.com/office/drawing/2014/chart"><c16:uniqueId val="{0000000${n}-0000-0000-0000-000000000000}"/></c:ext></c:extLst></c:ser>`,
    )
    .join('');
  const type = chart.type ?? 'barChart';
  const axes = type === 'pieChart' ? '' : '<c:axId val="100"/><c:axId val="200"/>';
  const typeStart = type === 'barChart' ? '<c:barDir val="col"/><c:grouping val="clustered"/>' : type === 'lineChart' ? '<c:grouping val="standard"/>' : '';
  const axisElements =
    type === 'pieChart'
      ? ''
      : '<c:catAx><c:axId val="100"/><c:scaling><c:orientation val="minMax"/></c:scaling><c:delete val="0"/><c:axPos val="b"/><c:title><c:tx><c:rich><a:bodyPr/><a:p><a:r><a:t>Quarter</a:t></a:r></a:p></c:rich></c:tx></c:title><c:crossAx val="200"/></c:catAx><c:valAx><c:axId val="200"/><c:scaling><c:orientation val="minMax"/></c:scaling><c:delete val="0"/><c:axPos val="l"/><c:crossAx val="100"/></c:valAx>';
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<c:chartSpace xmlns:c="${CHART}" xmlns:a="${DRAWING}" xmlns:r="${RELATIONSHIPS}"><c:date1904 val="0"/><c:lang val="en-US"/><c:roundedCorners val="0"/><c:chart>${title}<c:autoTitleDeleted val="${chart.title ? 0 : 1}"/><c:plotArea><c:layout/><c:${type}>${typeStart}<c:varyColors val="${type === 'pieChart' ? 1 : 0}"/>${series}${type === 'barChart' ? '<c:gapWidth val="219"/><c:overlap val="-27"/>' : ''}${axes}</c:${type}>${axisElements}</c:plotArea><c:legend><c:legendPos val="b"/><c:overlay val="0"/></c:legend><c:plotVisOnly val="1"/><c:dispBlanksAs val="gap"/></c:chart><c:externalData r:id="rId1"><c:autoUpdate val="0"/></c:externalData></c:chartSpace>`;
}

/** A SmartArt node: its text and the nodes below it. */
export interface SmartArtNode {
  readonly text: string;
  readonly children?: readonly SmartArtNode[];
}

/**
 * A SmartArt data model as PowerPoint and Word write it: the document point, each node with
 * its parent and sibling transitions, presentation points (no text) and the connections
 * (`parOf` from parent to child by `srcOrd`, `presOf`/`presParOf` to the presentation points).
 * The points are listed depth first, or backwards with `reversePoints` (PowerPoint lists them
 * as they were added, not as they are shown: the connections give the order).
 */
export function diagramDataPart(nodes: readonly SmartArtNode[], options: { reversePoints?: boolean } = {}): string {
  const points: string[] = [];
  const connections: string[] = [];
  let next = 1;
  const id = () => `{${String(next++).padStart(8, '0')}-0000-4000-8000-000000000000}`;
  const text = (value: string) =>
    `<dgm:t><a:bodyPr/><a:lstStyle/><a:p><a:r><a:rPr lang="en-US" dirty="0"/><a:t>${escapeXml(value)}</a:t></a:r></a:p></dgm:t>`;
  const doc = id();
  points.push(`<dgm:pt modelId="${doc}" type="doc"><dgm:prSet loTypeId="urn:microsoft.com/office/officeart/2005/8/layout/hList1" loCatId="list" qsTypeId="urn:microsoft.com/office/officeart/2005/8/quickstyle/simple1" qsCatId="simple" csTypeId="urn:microsoft.com/office/officeart/2005/8/colors/accent1_2" csCatId="accent1" phldr="1"/><dgm:spPr/><dgm:t><a:bodyPr/><a:lstStyle/><a:p><a:endParaRPr lang="en-US"/></a:p></dgm:t></dgm:pt>`);
  const add = (parent: string, node: SmartArtNode, order: number) => {
    const self = id();
    const parTrans = id();
    const sibTrans = id();
    const connection = id();
    points.push(`<dgm:pt modelId="${self}"><dgm:prSet phldrT="[Text]"/><dgm:spPr/>${text(node.text)}</dgm:pt>`);
    points.push(`<dgm:pt modelId="${parTrans}" type="parTrans" cxnId="${connection}"><dgm:prSet/><dgm:spPr/><dgm:t><a:bodyPr/><a:lstStyle/><a:p><a:endParaRPr lang="en-US"/></a:p></dgm:t></dgm:pt>`);
    points.push(`<dgm:pt modelId="${sibTrans}" type="sibTrans" cxnId="${connection}"><dgm:prSet/><dgm:spPr/><dgm:t><a:bodyPr/><a:lstStyle/><a:p><a:endParaRPr lang="en-US"/></a:p></dgm:t></dgm:pt>`);
    const presentation = id();
    points.push(`<dgm:pt modelId="${presentation}" type="pres"><dgm:prSet presAssocID="${self}" presName="parentText" presStyleLbl="node1" presStyleIdx="0" presStyleCnt="1"/><dgm:spPr/></dgm:pt>`);
    connections.push(`<dgm:cxn modelId="${connection}" srcId="${parent}" destId="${self}" srcOrd="${order}" destOrd="0" parTransId="${parTrans}" sibTransId="${sibTrans}"/>`);
    connections.push(`<dgm:cxn modelId="${id()}" type="presOf" srcId="${self}" destId="${presentation}" srcOrd="0" destOrd="0" presId="urn:microsoft.com/office/officeart/2005/8/layout/hList1"/>`);
    (node.children ?? []).forEach((child, n) => add(self, child, n));
  };
  nodes.forEach((node, n) => add(doc, node, n));
  const listed = options.reversePoints ? [points[0]!, ...points.slice(1).reverse()] : points;
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<dgm:dataModel xmlns:dgm="${DIAGRAM}" xmlns:a="${DRAWING}"><dgm:ptLst>${listed.join('')}</dgm:ptLst><dgm:cxnLst>${(options.reversePoints ? [...connections].reverse() : connections).join('')}</dgm:cxnLst><dgm:bg/><dgm:whole/></dgm:dataModel>`;
}

/** A layout part (what SmartArt draws with), which holds no text of the diagram. */
const LAYOUT_PART = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<dgm:layoutDef xmlns:dgm="${DIAGRAM}" xmlns:a="${DRAWING}" uniqueId="urn:microsoft.com/office/officeart/2005/8/layout/hList1"><dgm:title val=""/><dgm:desc val=""/><dgm:catLst><dgm:cat type="list" pri="15000"/></dgm:catLst><dgm:layoutNode name="Name0"/></dgm:layoutDef>`;

export type Graphic = { readonly chart: ChartSpec } | { readonly smartArt: readonly SmartArtNode[]; readonly reversePoints?: boolean };

const CONTENT_TYPES: Record<string, string> = {
  chart: 'application/vnd.openxmlformats-officedocument.drawingml.chart+xml',
  data: 'application/vnd.openxmlformats-officedocument.drawingml.diagramData+xml',
  layout: 'application/vnd.openxmlformats-officedocument.drawingml.diagramLayout+xml',
  drawing: 'application/vnd.openxmlformats-officedocument.drawing+xml',
};

/** The parts a graphic adds (under `folder`: ppt, word or xl) and the relationships naming them from a part in `from`. */
function graphicParts(graphic: Graphic, n: number, folder: string, relativeFrom: string) {
  const parts: Record<string, string> = {};
  const relationships: string[] = [];
  const overrides: string[] = [];
  let frame: string;
  if ('chart' in graphic) {
    parts[`${folder}/charts/chart${n}.xml`] = chartPart(graphic.chart);
    overrides.push(`<Override PartName="/${folder}/charts/chart${n}.xml" ContentType="${CONTENT_TYPES.chart}"/>`);
    relationships.push(`<Relationship Id="rIdChart${n}" Type="${RELATIONSHIPS}/chart" Target="${relativeFrom}charts/chart${n}.xml"/>`);
    frame = `<a:graphicData uri="${CHART}"><c:chart xmlns:c="${CHART}" xmlns:r="${RELATIONSHIPS}" r:id="rIdChart${n}"/></a:graphicData>`;
  } else {
    parts[`${folder}/diagrams/data${n}.xml`] = diagramDataPart(graphic.smartArt, { reversePoints: graphic.reversePoints });
    parts[`${folder}/diagrams/layout${n}.xml`] = LAYOUT_PART;
    overrides.push(`<Override PartName="/${folder}/diagrams/data${n}.xml" ContentType="${CONTENT_TYPES.data}"/>`, `<Override PartName="/${folder}/diagrams/layout${n}.xml" ContentType="${CONTENT_TYPES.layout}"/>`);
    relationships.push(
      `<Relationship Id="rIdData${n}" Type="${RELATIONSHIPS}/diagramData" Target="${relativeFrom}diagrams/data${n}.xml"/>`,
      `<Relationship Id="rIdLayout${n}" Type="${RELATIONSHIPS}/diagramLayout" Target="${relativeFrom}diagrams/layout${n}.xml"/>`,
    );
    frame = `<a:graphicData uri="${DIAGRAM}"><dgm:relIds xmlns:dgm="${DIAGRAM}" xmlns:r="${RELATIONSHIPS}" r:dm="rIdData${n}" r:lo="rIdLayout${n}" r:qs="rIdQs${n}" r:cs="rIdCs${n}"/></a:graphicData>`;
  }
  return { parts, relationships, overrides, frame };
}

const withOverrides = (contentTypes: string, overrides: readonly string[]) => contentTypes.replace('</Types>', `${overrides.join('')}</Types>`);
const relationshipsPart = (relationships: readonly string[]) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${relationships.join('')}</Relationships>`;

function unpacked(bytes: Buffer): Record<string, string> {
  return Object.fromEntries(Object.entries(unzipSync(bytes)).map(([name, data]) => [name, strFromU8(data)]));
}

function packed(entries: Record<string, string>): Buffer {
  return Buffer.from(zipSync(Object.fromEntries(Object.entries(entries).map(([name, text]) => [name, strToU8(text)]))));
}

/**
 * A deck whose slides show, after their text, the charts and SmartArt diagrams given for them
 * (each a `p:graphicFrame` in the shape tree naming its part by the slide's relationships).
 */
export function pptxWithGraphics(slides: readonly { readonly title: string; readonly graphics: readonly Graphic[]; readonly after?: string }[]): Buffer {
  const entries = unpacked(pptxWithSlides(slides.map((slide) => ({ shapes: [[slide.title], ...(slide.after ? [[slide.after]] : [])] }))));
  let count = 0;
  const overrides: string[] = [];
  slides.forEach((slide, s) => {
    const frames: string[] = [];
    const relationships: string[] = [];
    for (const graphic of slide.graphics) {
      count += 1;
      const made = graphicParts(graphic, count, 'ppt', '../');
      Object.assign(entries, made.parts);
      relationships.push(...made.relationships);
      overrides.push(...made.overrides);
      frames.push(
        `<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="${100 + count}" name="Graphic ${count}"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr><p:xfrm><a:off x="0" y="0"/><a:ext cx="8128000" cy="5418667"/></p:xfrm><a:graphic>${made.frame}</a:graphic></p:graphicFrame>`,
      );
    }
    const part = `ppt/slides/slide${s + 1}.xml`;
    // The graphics sit between the title and the text after them, in the shape tree's order.
    entries[part] = entries[part]!.replace(/(<p:sp>.*?<\/p:sp>)/, `$1${frames.join('')}`);
    entries[`ppt/slides/_rels/slide${s + 1}.xml.rels`] = relationshipsPart(relationships);
  });
  entries['[Content_Types].xml'] = withOverrides(entries['[Content_Types].xml']!, overrides);
  return packed(entries);
}

/** A Word document of paragraphs and, between them, charts and SmartArt diagrams drawn inline (`w:drawing` → `wp:inline`). */
export function docxWithGraphics(blocks: readonly (string | Graphic)[]): Buffer {
  const entries = unpacked(docxWithText('Report', []));
  const relationships: string[] = [];
  const overrides: string[] = [];
  let count = 0;
  const body = blocks
    .map((block) => {
      if (typeof block === 'string') return `<w:p><w:r><w:t xml:space="preserve">${escapeXml(block)}</w:t></w:r></w:p>`;
      count += 1;
      const made = graphicParts(block, count, 'word', '');
      Object.assign(entries, made.parts);
      relationships.push(...made.relationships);
      overrides.push(...made.overrides);
      return `<w:p><w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="5486400" cy="3200400"/><wp:effectExtent l="0" t="0" r="0" b="0"/><wp:docPr id="${count}" name="Graphic ${count}"/><wp:cNvGraphicFramePr/><a:graphic xmlns:a="${DRAWING}">${made.frame}</a:graphic></wp:inline></w:drawing></w:r></w:p>`;
    })
    .join('');
  entries['word/document.xml'] = entries['word/document.xml']!.replace(/<w:document [^>]*>/, `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="${RELATIONSHIPS}" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing">`).replace('</w:body>', `${body}</w:body>`);
  entries['word/_rels/document.xml.rels'] = relationshipsPart(relationships);
  entries['[Content_Types].xml'] = withOverrides(entries['[Content_Types].xml']!, overrides);
  return packed(entries);
}

/**
 * A workbook whose sheets hold rows and, in a drawing of their own (xl/drawings/drawingN.xml,
 * named by the sheet's `<drawing r:id>`), the charts given for them, as Excel anchors them.
 */
export function xlsxWithCharts(sheets: readonly { readonly name: string; readonly rows: readonly (readonly (string | number)[])[]; readonly charts: readonly ChartSpec[] }[]): Buffer {
  const entries = unpacked(xlsxWithSheets(sheets.map(({ name, rows }) => ({ name, rows }))));
  const overrides: string[] = [];
  let count = 0;
  sheets.forEach((sheet, s) => {
    if (sheet.charts.length === 0) return;
    const anchors: string[] = [];
    const relationships: string[] = [];
    for (const chart of sheet.charts) {
      count += 1;
      const made = graphicParts({ chart }, count, 'xl', '../');
      Object.assign(entries, made.parts);
      relationships.push(...made.relationships);
      overrides.push(...made.overrides);
      anchors.push(
        `<xdr:twoCellAnchor editAs="oneCell"><xdr:from><xdr:col>4</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>1</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:from><xdr:to><xdr:col>11</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>16</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:to><xdr:graphicFrame macro=""><xdr:nvGraphicFramePr><xdr:cNvPr id="${count + 1}" name="Chart ${count}"/><xdr:cNvGraphicFramePr/></xdr:nvGraphicFramePr><xdr:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/></xdr:xfrm><a:graphic>${made.frame}</a:graphic></xdr:graphicFrame><xdr:clientData/></xdr:twoCellAnchor>`,
      );
    }
    const drawing = `xl/drawings/drawing${s + 1}.xml`;
    entries[drawing] = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing" xmlns:a="${DRAWING}">${anchors.join('')}</xdr:wsDr>`;
    entries[`xl/drawings/_rels/drawing${s + 1}.xml.rels`] = relationshipsPart(relationships);
    overrides.push(`<Override PartName="/${drawing}" ContentType="${CONTENT_TYPES.drawing}"/>`);
    const sheetPart = `xl/worksheets/sheet${s + 1}.xml`;
    entries[sheetPart] = entries[sheetPart]!.replace('<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">', `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${RELATIONSHIPS}">`).replace('</sheetData>', `</sheetData><drawing r:id="rIdDrawing${s + 1}"/>`);
    entries[`xl/worksheets/_rels/sheet${s + 1}.xml.rels`] = relationshipsPart([`<Relationship Id="rIdDrawing${s + 1}" Type="${RELATIONSHIPS}/drawing" Target="../drawings/drawing${s + 1}.xml"/>`]);
  });
  entries['[Content_Types].xml'] = withOverrides(entries['[Content_Types].xml']!, overrides);
  return packed(entries);
}
