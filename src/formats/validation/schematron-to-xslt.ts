/**
 * ISO Schematron (query binding xslt2) turned into an XSLT 3.0 stylesheet, so that a real XSLT processor runs the
 * published rules as they are written. The compiler is itself XSLT: each pattern becomes a mode that walks the whole
 * document, each rule a template of that mode (the first rule of a pattern that matches a node wins, as Schematron
 * says, by descending priorities), each assert or report a test that adds one finding. The `let`s of the schema and
 * of its patterns become global variables, a rule's `let`s local ones; the XSLT functions and keys the rules declare
 * are copied unchanged. Included files (`sch:include`) are read relative to the schema. The stylesheet it makes
 * answers its findings as a JSON array of `{rule, flag, location, message}`.
 *
 * Abstract patterns and rules are not supported (the published e-invoice rules use none, or come preprocessed):
 * a schema that has them is refused rather than half-checked.
 */
export const SCHEMATRON_COMPILER = `<xsl:stylesheet version="3.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
  xmlns:sch="http://purl.oclc.org/dsdl/schematron" xmlns:out="urn:x-schematron-output"
  exclude-result-prefixes="sch">
  <xsl:namespace-alias stylesheet-prefix="out" result-prefix="xsl"/>

  <xsl:template match="/sch:schema">
    <xsl:if test="//sch:*[@abstract = 'true' or @is-a] or //sch:extends">
      <xsl:message terminate="yes">abstract patterns and rules are not supported</xsl:message>
    </xsl:if>
    <xsl:variable name="patterns" as="element(sch:pattern)*"
      select="for $p in (sch:pattern | sch:include) return
        if ($p/self::sch:include) then doc(resolve-uri($p/@href, base-uri($p)))/sch:pattern else $p"/>
    <out:stylesheet version="3.0" exclude-result-prefixes="#all">
      <!-- The XML Schema types are in scope, as Schematron processors declare them, whether or not the schema does. -->
      <xsl:namespace name="xs" select="'http://www.w3.org/2001/XMLSchema'"/>
      <xsl:for-each select="sch:ns[@prefix != 'xs']"><xsl:namespace name="{@prefix}" select="@uri"/></xsl:for-each>
      <out:output method="json"/>
      <xsl:copy-of select="*[namespace-uri() = 'http://www.w3.org/1999/XSL/Transform']"/>
      <xsl:for-each select="sch:let | $patterns/sch:let">
        <out:variable name="{@name}" select="{@value}"/>
      </xsl:for-each>
      <out:template match="/">
        <out:sequence>
          <xsl:attribute name="select">
            <xsl:text>array { </xsl:text>
            <xsl:value-of select="(for $i in 1 to count($patterns) return '$p' || $i)" separator=", "/>
            <xsl:text> }</xsl:text>
          </xsl:attribute>
        </out:sequence>
      </out:template>
      <xsl:for-each select="$patterns">
        <xsl:variable name="mode" select="'p' || position()"/>
        <out:variable name="{$mode}" as="map(*)*"><out:apply-templates select="/" mode="{$mode}"/></out:variable>
        <out:template match="text()" mode="{$mode}" priority="-1"/>
        <out:template match="@*|node()" mode="{$mode}" priority="-2">
          <out:apply-templates select="@*|*" mode="{$mode}"/>
        </out:template>
        <xsl:for-each select="sch:rule">
          <out:template match="{@context}" mode="{$mode}" priority="{10000 - position()}">
            <xsl:for-each select="sch:let"><out:variable name="{@name}" select="{@value}"/></xsl:for-each>
            <xsl:apply-templates select="sch:assert | sch:report"/>
            <out:apply-templates select="@*|*" mode="{$mode}"/>
          </out:template>
        </xsl:for-each>
      </xsl:for-each>
    </out:stylesheet>
  </xsl:template>

  <xsl:template match="sch:assert | sch:report">
    <out:if test="{if (self::sch:assert) then 'not(' || @test || ')' else @test}">
      <out:variable name="message"><xsl:apply-templates mode="message"/></out:variable>
      <out:map>
        <out:map-entry key="'rule'" select="{'''' || replace(string(@id), '''', '''''') || ''''}"/>
        <out:map-entry key="'flag'" select="{'''' || replace(string((@flag, @role, 'error')[1]), '''', '''''') || ''''}"/>
        <out:map-entry key="'location'" select="path(.)"/>
        <out:map-entry key="'message'" select="normalize-space($message)"/>
      </out:map>
    </out:if>
  </xsl:template>
  <xsl:template match="text()" mode="message"><out:text><xsl:value-of select="."/></out:text></xsl:template>
  <xsl:template match="sch:name" mode="message"><out:value-of select="name({(@path, '.')[1]})"/></xsl:template>
  <xsl:template match="sch:value-of" mode="message"><out:value-of select="{@select}"/></xsl:template>
  <xsl:template match="*" mode="message"><xsl:apply-templates mode="message"/></xsl:template>
</xsl:stylesheet>`;
